import { useEffect, useState } from 'react';

export interface ShareButtonProps {
  /** What the share sheet shows as the title. */
  title: string;
  /** The link to share; by default the page's address without its query (?page=, ?sort=). */
  url?: string;
  label?: string;
  className?: string;
  testId?: string;
}

/** Where the shared link points: `url`, else this page without query or fragment. */
const linkOf = (url?: string) => url ?? window.location.origin + window.location.pathname;

/**
 * Shares a link through the Web Share API where the browser has it (phones), else copies it and
 * says so in a polite live region. Before the page runs JavaScript the button keeps its place but
 * stays invisible (no layout shift when it appears, no dead button without JavaScript).
 */
export function ShareButton({
  title,
  url,
  label = 'Share',
  className = 'btn btn-secondary',
  testId = 'share-button',
}: ShareButtonProps) {
  const [ready, setReady] = useState(false);
  const [status, setStatus] = useState('');
  useEffect(() => setReady(true), []);

  async function share() {
    const link = linkOf(url);
    setStatus('');
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url: link });
        return;
      } catch (err) {
        // The visitor closed the share sheet: nothing to say. Otherwise copy the link instead.
        if (err instanceof DOMException && err.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(link);
      setStatus('Link copied.');
    } catch {
      setStatus('Copy the link from the address bar to share this page.');
    }
  }

  return (
    <span className={`inline-flex items-center gap-2${ready ? '' : ' invisible'}`}>
      <button type="button" className={className} data-testid={testId} onClick={() => void share()}>
        {label}
      </button>
      <span role="status" className="text-sm">
        {status}
      </span>
    </span>
  );
}
