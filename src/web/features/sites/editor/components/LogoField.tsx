import type { MySite } from '../../../../../shared/contracts/sites';
import { UploadProgress } from '../../../../components/ui/UploadProgress';
import { describedBy } from '../../../../lib/form-errors';
import type { LogoUpload } from '../use-logo-upload';

const INPUT_ID = 'site-image';

/**
 * The logo: what is saved (or the image being uploaded), a file picker for images, the upload's
 * progress, a 'Remove logo' button, and the server's message by the field when something fails.
 */
export function LogoField({ image, logo }: { image: MySite['image']; logo: LogoUpload }) {
  const saved = image?.thumbnail || image?.fullsize || null;
  const src = logo.localUrl ?? saved;
  const percent = logo.progress === null ? null : Math.round(logo.progress * 100);
  const uploading = logo.file !== null;
  return (
    <fieldset
      className="flex flex-col gap-4 sm:flex-row sm:items-center"
      data-testid="site-logo-field"
    >
      <legend className="field-label mb-3">Logo</legend>
      <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-gray-200 bg-gray-50">
        {src ? (
          <img
            src={src}
            alt={logo.localUrl ? 'Your new logo, uploading' : 'Your logo'}
            className="size-full object-contain"
            data-testid={logo.localUrl ? 'site-logo-local' : 'site-logo-saved'}
          />
        ) : (
          <span className="px-2 text-center text-sm text-gray-700">No logo yet</span>
        )}
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap gap-2">
          {/* The label's sibling: its peer-focus-visible classes draw the focus ring (WCAG 2.4.7). */}
          <input
            id={INPUT_ID}
            type="file"
            accept="image/*"
            className="peer sr-only"
            disabled={logo.busy}
            aria-describedby={describedBy(`${INPUT_ID}-hint`, logo.error && `${INPUT_ID}-error`)}
            aria-invalid={logo.error ? true : undefined}
            data-testid="site-logo-input"
            onChange={(e) => {
              const chosen = e.target.files?.[0];
              e.target.value = ''; // choosing the same file again still fires
              if (chosen) void logo.choose(chosen);
            }}
          />
          <label
            htmlFor={INPUT_ID}
            aria-disabled={logo.busy || undefined}
            className="btn btn-secondary cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-700"
          >
            {saved ? 'Choose a new logo' : 'Choose a logo'}
          </label>
          {saved && !uploading ? (
            <button
              type="button"
              className="btn btn-ghost"
              disabled={logo.busy}
              onClick={() => void logo.remove()}
              data-testid="site-logo-remove"
            >
              Remove logo
            </button>
          ) : null}
        </div>
        <p id={`${INPUT_ID}-hint`} className="field-hint">
          A square image works best: JPEG, PNG, WebP, GIF or AVIF, up to 10 MB. It goes on your page
          as soon as it is uploaded.
        </p>
        {logo.error ? (
          <p
            id={`${INPUT_ID}-error`}
            className="field-error"
            role="alert"
            data-testid="site-logo-error"
          >
            {logo.error}
          </p>
        ) : null}
        {percent !== null ? (
          <div data-testid="site-logo-upload">
            <UploadProgress
              percent={percent}
              label="Logo upload"
              status={uploading ? `Uploading… ${percent}%` : 'Logo uploaded.'}
              testId="site-logo-progress"
            />
          </div>
        ) : null}
      </div>
    </fieldset>
  );
}
