import type { LineNote } from '../cart-refresh';

/**
 * The top of the cart step: why the buyer was sent back (an order the server refused: an alert),
 * and what the last refresh changed, read out politely — the region stays mounted, also when the
 * refresh emptied the cart, so each new list is heard.
 */
export function RefreshNotices({
  alert,
  notes,
  failed,
}: {
  alert: string | null;
  notes: LineNote[];
  failed: boolean;
}) {
  return (
    <>
      {alert ? (
        <p
          role="alert"
          className="mb-4 rounded-lg border border-red-300 bg-red-50 p-4 font-medium text-red-900"
          data-testid="cart-alert"
        >
          {alert}
        </p>
      ) : null}
      <div role="status" data-testid="cart-notices">
        {notes.length > 0 ? (
          <div className="mb-4 rounded-lg border border-amber-400 bg-amber-50 p-4 text-amber-950">
            <p className="font-semibold">Your cart was updated to the latest prices and stock:</p>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
              {notes.map((n) => (
                <li key={n.key}>{n.message}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      {failed ? (
        <p className="mb-4 text-sm text-gray-700" data-testid="cart-refresh-failed">
          We could not check the latest prices and stock just now. They are checked again when you
          place your order.
        </p>
      ) : null}
    </>
  );
}
