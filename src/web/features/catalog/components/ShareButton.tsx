import { useEffect, useState } from 'react';

/**
 * Shares the page through the Web Share API, else copies its link. Rendered only once the page
 * runs JavaScript: without it the button could do nothing.
 */
export function ShareButton({ title }: { title: string }) {
  const [ready, setReady] = useState(false);
  const [status, setStatus] = useState('');
  useEffect(() => setReady(true), []);
  if (!ready) return null;

  async function share() {
    const url = window.location.href;
    try {
      if (typeof navigator.share === 'function') {
        await navigator.share({ title, url });
        return;
      }
      await navigator.clipboard.writeText(url);
      setStatus('Link copied');
    } catch (err) {
      // The buyer closed the share sheet: nothing to say.
      if (err instanceof DOMException && err.name === 'AbortError') return;
      setStatus('Copy the link from the address bar to share this post.');
    }
  }

  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        className="btn btn-secondary"
        data-testid="post-share"
        onClick={() => void share()}
      >
        Share
      </button>
      <span role="status" className="text-sm text-gray-700">
        {status}
      </span>
    </span>
  );
}
