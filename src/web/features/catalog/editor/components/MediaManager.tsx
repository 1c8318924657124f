import type { Media } from '../../../../../shared/contracts/catalog';
import { UploadProgress } from '../../../../components/ui/UploadProgress';
import {
  MEDIA_MAX_BYTES,
  PRODUCT_LIMITS as L,
} from '../../../../../shared/contracts/catalog-rules';
import { describedBy } from '../../../../lib/form-errors';
import { formatBytes, MEDIA_ACCEPT, MEDIA_KINDS_TEXT } from '../media-files';
import type { UploadItem, useEditorMedia } from '../use-editor-media';
import { AiBadge } from '../../components/AiBadge';
import { GenerateImage } from './GenerateImage';

type MediaState = ReturnType<typeof useEditorMedia>;

const KIND: Record<Media['type'], string> = { image: 'Photo', video: 'Video', audio: 'Audio' };
const placeLabel = (m: Pick<Media, 'type'>, i: number) => `${KIND[m.type]} ${i + 1}`;

function Thumb({ media, label }: { media: Media; label: string }) {
  if (media.type === 'image')
    return (
      <img
        src={media.thumbnail ?? media.fullsize}
        srcSet={media.srcset?.thumbnail}
        sizes="6rem"
        alt={media.alt.trim() || label}
        className="size-24 rounded-md object-cover"
        width={96}
        height={96}
      />
    );
  return (
    <span className="flex size-24 items-center justify-center rounded-md bg-gray-100 text-sm font-semibold text-gray-700">
      {KIND[media.type]}
    </span>
  );
}

function UploadRow({ item, onDismiss }: { item: UploadItem; onDismiss: () => void }) {
  const percent = Math.round(item.progress * 100);
  const status =
    item.phase === 'failed'
      ? (item.error ?? 'Upload failed.')
      : item.phase === 'waiting'
        ? 'Waiting…'
        : item.phase === 'reading'
          ? 'Reading the file…'
          : item.phase === 'processing'
            ? 'Processing…'
            : `Uploading… ${percent}%`;
  return (
    <li className="flex gap-3 rounded-lg border border-gray-200 p-3" data-testid="upload-item">
      {item.type === 'image' ? (
        <img
          src={item.previewUrl}
          alt={`Preview of ${item.name}`}
          className="size-20 shrink-0 rounded-md object-cover"
        />
      ) : (
        <span className="flex size-20 shrink-0 items-center justify-center rounded-md bg-gray-100 text-sm font-semibold text-gray-700">
          {KIND[item.type]}
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-gray-900">{item.name}</p>
        {item.phase === 'failed' ? (
          <>
            <p className="field-error" role="alert">
              {status}
            </p>
            <button type="button" className="btn btn-ghost mt-1 px-2 text-sm" onClick={onDismiss}>
              Dismiss
            </button>
          </>
        ) : (
          <UploadProgress
            percent={item.phase === 'processing' ? 100 : percent}
            label={`Upload of ${item.name}`}
            status={status}
            testId="upload-progress"
            className="mt-2"
          />
        )}
      </div>
    </li>
  );
}

/**
 * The post's photos, video and audio: add files (checked first, previewed, uploaded with a
 * progress bar each), describe each one (alt text), reorder with Move up / Move down (announced),
 * remove one after the confirm. The first item is the post's cover.
 */
export function MediaManager({
  medias,
  media,
  isNew,
  disabled,
}: {
  medias: readonly Media[];
  media: MediaState;
  isNew: boolean;
  disabled: boolean;
}) {
  const full = medias.length >= L.mediasMax;
  return (
    <div className="space-y-4" data-testid="media-manager">
      <div>
        <div className="flex flex-wrap gap-3">
          {/* The label's sibling: its peer-* classes draw the focus ring and disabled look (WCAG 2.4.7). */}
          <input
            id="post-media-input"
            type="file"
            multiple
            accept={MEDIA_ACCEPT}
            className="peer sr-only"
            disabled={disabled || full}
            aria-describedby={describedBy(
              'post-media-hint',
              media.fileErrors.length > 0 && 'post-media-errors',
            )}
            data-testid="media-input"
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              e.target.value = ''; // choosing the same file again still fires
              if (files.length) void media.addFiles(files);
            }}
          />
          <label
            htmlFor="post-media-input"
            className="btn btn-secondary cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-700 peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
          >
            Add photos, video or audio
          </label>
          <GenerateImage disabled={disabled || full} onPick={media.addGenerated} />
        </div>
        <p id="post-media-hint" className="field-hint">
          {MEDIA_KINDS_TEXT}. Photos up to {formatBytes(MEDIA_MAX_BYTES.image)}, video up to{' '}
          {formatBytes(MEDIA_MAX_BYTES.video)}, audio up to {formatBytes(MEDIA_MAX_BYTES.audio)}; at
          most {L.mediasMax} in all. The first one is the cover.
          {isNew
            ? ' Adding a file saves the post as a draft first, so give it a title and a price.'
            : ''}
        </p>
        {media.fileErrors.length > 0 ? (
          <ul
            id="post-media-errors"
            role="alert"
            className="mt-2 space-y-1"
            data-testid="media-errors"
          >
            {media.fileErrors.map((message) => (
              <li key={message} className="field-error mt-0">
                {message}
              </li>
            ))}
          </ul>
        ) : null}
        {media.savedNotice ? (
          // Announced through the live region below; here it is for the eyes.
          <p className="mt-2 text-sm font-medium text-green-800" data-testid="media-saved">
            {media.savedNotice}
          </p>
        ) : null}
      </div>

      {media.uploads.length > 0 ? (
        <ul className="space-y-3" aria-label="Files being uploaded">
          {media.uploads.map((item) => (
            <UploadRow key={item.key} item={item} onDismiss={() => media.dismissUpload(item)} />
          ))}
        </ul>
      ) : null}

      {medias.length > 0 ? (
        <ol
          className="space-y-3"
          aria-label="Photos and files of this post"
          data-testid="media-list"
        >
          {medias.map((m, i) => {
            const label = placeLabel(m, i);
            const altId = `media-${m._id}-alt`;
            return (
              <li
                key={m._id}
                className="flex flex-col gap-3 rounded-lg border border-gray-200 p-3 sm:flex-row"
                data-testid="media-item"
              >
                <Thumb media={m} label={label} />
                <div className="min-w-0 flex-1 space-y-2">
                  <label htmlFor={altId} className="field-label">
                    {label}: description (alt text)
                    {i === 0 ? <span className="font-normal text-gray-700"> · cover</span> : null}
                  </label>
                  {m.aiGenerated ? <AiBadge /> : null}
                  <input
                    id={altId}
                    className="input"
                    value={m.alt}
                    maxLength={L.altMax}
                    onChange={(e) => media.setAlt(m._id, e.target.value)}
                    aria-describedby={`${altId}-hint`}
                  />
                  <p id={`${altId}-hint`} className="field-hint">
                    What it shows, for people who cannot see it.
                  </p>
                  <div className="flex flex-wrap gap-2">
                    <button
                      id={`media-${m._id}-up`}
                      type="button"
                      className="btn btn-secondary"
                      disabled={i === 0 || disabled}
                      aria-label={`Move up: ${label}`}
                      onClick={() => media.moveMedia(i, -1)}
                    >
                      Move up
                    </button>
                    <button
                      id={`media-${m._id}-down`}
                      type="button"
                      className="btn btn-secondary"
                      disabled={i === medias.length - 1 || disabled}
                      aria-label={`Move down: ${label}`}
                      onClick={() => media.moveMedia(i, 1)}
                    >
                      Move down
                    </button>
                    <button
                      type="button"
                      className="btn btn-ghost text-red-800"
                      disabled={disabled}
                      aria-label={`Remove ${label}`}
                      onClick={() => void media.removeMedia(m, i)}
                      data-testid="media-remove"
                    >
                      Remove
                    </button>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      ) : media.uploads.length === 0 ? (
        <p className="text-sm text-gray-700">No photos yet. Posts with photos sell better.</p>
      ) : null}
      <p className="sr-only" aria-live="polite" data-testid="media-announcement">
        {media.announcement}
      </p>
    </div>
  );
}
