import { useEffect, useState } from 'react';
import type { Message } from '../../../../shared/contracts/messages';
import { UploadProgress } from '../../../components/ui/UploadProgress';
import { describedBy } from '../../../lib/form-errors';

/** Local previews of the chosen files (object URLs, released when the list changes). */
function usePreviews(files: readonly File[]): string[] {
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    const made = files.map((f) => URL.createObjectURL(f));
    setUrls(made);
    return () => made.forEach((u) => URL.revokeObjectURL(u));
  }, [files]);
  return urls;
}

/**
 * The message's images: the ones it has (editing), the chosen files with previews, each with a
 * Remove button; the file picker (images only, up to `max`), its hint and error, and the upload's
 * progress while the message is sent.
 */
export function MessageImagesField({
  inputId,
  kept,
  files,
  max,
  error,
  percent,
  pending,
  onAdd,
  onRemoveKept,
  onRemoveFile,
}: {
  inputId: string;
  kept: Message['medias'];
  files: readonly File[];
  max: number;
  error?: string;
  /** 0–100 while uploading, else null. */
  percent: number | null;
  pending: boolean;
  onAdd: (list: FileList | null) => void;
  onRemoveKept: (id: string) => void;
  onRemoveFile: (index: number) => void;
}) {
  const previews = usePreviews(files);
  const imageCount = kept.length + files.length;
  return (
    <fieldset>
      <legend className="field-label">Images (optional)</legend>
      {imageCount > 0 ? (
        <ul className="mb-3 grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="message-image-list">
          {kept.map((m, i) => (
            <li key={m._id} className="flex flex-col gap-2">
              <img
                src={m.thumbnail ?? m.fullsize}
                alt={`Current image ${i + 1}`}
                className="aspect-square w-full rounded-lg object-cover"
              />
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => onRemoveKept(m._id)}
              >
                Remove<span className="sr-only"> current image {i + 1}</span>
              </button>
            </li>
          ))}
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`} className="flex flex-col gap-2">
              {previews[i] ? (
                <img
                  src={previews[i]}
                  alt={`Preview of ${f.name}`}
                  className="aspect-square w-full rounded-lg object-cover"
                  data-testid="message-image-preview"
                />
              ) : null}
              <button
                type="button"
                className="btn btn-secondary"
                disabled={pending}
                onClick={() => onRemoveFile(i)}
              >
                Remove<span className="sr-only"> {f.name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        id={inputId}
        type="file"
        accept="image/*"
        multiple
        className="peer sr-only"
        disabled={imageCount >= max}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(`${inputId}-hint`, error && `${inputId}-error`)}
        data-testid="message-image-input"
        onChange={(e) => {
          onAdd(e.target.files);
          e.target.value = '';
        }}
      />
      <label
        htmlFor={inputId}
        className={`btn btn-secondary peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-700 ${imageCount >= max ? 'cursor-not-allowed opacity-60' : 'cursor-pointer'}`}
      >
        {imageCount ? 'Add more images' : 'Add images'}
      </label>
      <p id={`${inputId}-hint`} className="field-hint">
        Up to {max} images (JPEG, PNG, WebP, GIF or AVIF, 10 MB each). {imageCount} of {max} added.
      </p>
      {error ? (
        <p
          id={`${inputId}-error`}
          className="field-error"
          role="alert"
          data-testid="message-image-error"
        >
          {error}
        </p>
      ) : null}
      {percent !== null ? (
        <div data-testid="message-upload">
          <UploadProgress
            percent={percent}
            label="Image upload"
            status={percent < 100 ? `Uploading… ${percent}%` : 'Images uploaded.'}
            testId="message-upload-progress"
          />
        </div>
      ) : null}
    </fieldset>
  );
}
