import { useState } from 'react';
import { ConfirmedCancel } from '../../../components/ConfirmedCancel';
import { useHydrated } from '../../../lib/use-hydrated';
import { clearInsights } from '../api/clear-insights';

/**
 * "Clear insights" (DELETE /insights) behind the app's confirm modal: for a seller who tested
 * their own page from another browser. Orders and sales themselves are kept. Needs JavaScript (the
 * confirm), so the button waits for the page to run.
 */
export function ClearInsights({ onCleared }: { onCleared: () => void }) {
  const hydrated = useHydrated();
  const [done, setDone] = useState('');
  return (
    <section aria-labelledby="insights-clear-title" className="card mb-8">
      <h2 id="insights-clear-title" className="text-lg font-semibold text-gray-950">
        Clear insights
      </h2>
      <p className="mt-1 mb-4 max-w-2xl text-sm text-gray-700">
        Tested your page yourself? Delete every view, click, cart and sale counted so far and start
        again from zero. Your orders and sales are not touched.
      </p>
      <ConfirmedCancel
        title="Clear insights?"
        message="Every view, click, cart and sale counted for your pages is deleted, for every day."
        cancel={async () => setDone((await clearInsights()).message)}
        onCancelled={onCleared}
        errorTestId="insights-clear-error"
      >
        {({ pending, confirm, failure }) => (
          <>
            <button
              type="button"
              className="btn btn-danger"
              disabled={!hydrated || pending}
              onClick={() => {
                setDone('');
                confirm();
              }}
              data-testid="insights-clear"
            >
              {pending ? 'Clearing…' : 'Clear insights'}
            </button>
            {failure}
          </>
        )}
      </ConfirmedCancel>
      <p
        role="status"
        className="mt-2 min-h-5 text-sm text-gray-800"
        data-testid="insights-cleared"
      >
        {done}
      </p>
    </section>
  );
}
