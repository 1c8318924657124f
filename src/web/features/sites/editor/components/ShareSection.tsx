import { ShareButton } from '../../../../components/ShareButton';
import type { SiteShare } from '../../../../../shared/contracts/sites';
import { CopyButton } from '../../../../components/CopyButton';

/** Where the editor's "Download PNG" gets the file (routes/edit-page-qr-code.ts). */
export const QR_PNG_PATH = '/edit-page/qr-code.png';

/**
 * The editor's "Share your page": the page's QR code (drawn on the server in the site's colours,
 * in the HTML as an image, so it is there without JavaScript), a PNG of it to save, the page's
 * address with a Copy button, and Share (the phone's share sheet, else the link copied).
 */
export function ShareSection({ share, siteName }: { share: SiteShare; siteName: string }) {
  const src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(share.svg)}`;
  return (
    <section aria-labelledby="share-title" className="card mt-10" data-testid="share-section">
      <h2 id="share-title" className="mb-2 text-lg font-semibold text-gray-950">
        Share your page
      </h2>
      <p className="mb-4 text-sm text-gray-700">
        Print the QR code on a flyer, a price tag or your packaging: a phone’s camera opens your page.
      </p>
      <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
        <img
          src={src}
          alt={`QR code of your page, ${share.url}`}
          width={176}
          height={176}
          className="shrink-0 rounded-md border border-gray-200"
          data-testid="share-qr-code"
        />
        <div className="min-w-0 space-y-4">
          <p className="text-sm text-gray-900">
            <span className="block font-semibold">Your page’s address</span>
            <a href={share.url} className="break-all underline" data-testid="share-url">
              {share.url}
            </a>
            <CopyButton text={share.url} label="Copy your page’s address" />
          </p>
          <div className="flex flex-wrap items-center gap-3">
            {/* A file, not a page: the browser saves it (Content-Disposition: attachment). */}
            <a
              href={QR_PNG_PATH}
              download
              className="btn btn-secondary"
              data-testid="share-qr-download"
            >
              Download PNG
            </a>
            <ShareButton title={siteName} url={share.url} testId="share-page-button" />
          </div>
        </div>
      </div>
    </section>
  );
}
