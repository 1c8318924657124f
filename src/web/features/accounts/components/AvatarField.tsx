import { useEffect, useState } from 'react';
import { UploadProgress } from '../../../components/ui/UploadProgress';
import { describedBy } from '../../../lib/form-errors';
import { checkImageFile } from '../../../lib/image-file';

interface AvatarFieldProps {
  name: string;
  /** The saved avatar (fullsize), if any. */
  currentSrc: string | null;
  file: File | null;
  onFile: (file: File | null) => void;
  /** Upload progress 0…1 while (and after) sending; null before. */
  progress: number | null;
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (
    ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() ||
    '?'
  );
}

/**
 * Profile photo: a file picker (image/*) with an immediate local preview, checked on the client
 * (type, ≤ 10 MB) before the form uploads it with a progress bar.
 */
export function AvatarField({ name, currentSrc, file, onFile, progress }: AvatarFieldProps) {
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  // A local object URL for the preview, released when the file changes or the form goes away.
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const src = preview ?? currentSrc;
  const percent = progress === null ? null : Math.round(progress * 100);
  return (
    <fieldset className="flex flex-col gap-4 md:flex-row md:items-center">
      <legend className="field-label mb-3">Profile photo</legend>
      <div className="size-28 shrink-0 overflow-hidden rounded-full border border-gray-200 bg-indigo-100">
        {src ? (
          <img
            src={src}
            alt={preview ? 'Preview of your new profile photo' : 'Your profile photo'}
            className="size-full object-cover"
            data-testid={preview ? 'avatar-preview' : 'avatar-current'}
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-full items-center justify-center text-3xl font-semibold text-indigo-800"
          >
            {initials(name)}
          </span>
        )}
      </div>
      <div className="min-w-0 flex-1">
        <input
          id="profile-avatar"
          type="file"
          accept="image/*"
          className="peer sr-only"
          aria-describedby={describedBy('profile-avatar-hint', error && 'profile-avatar-error')}
          aria-invalid={error ? true : undefined}
          data-testid="avatar-input"
          onChange={(e) => {
            const chosen = e.target.files?.[0] ?? null;
            e.target.value = ''; // choosing the same file again still fires
            if (!chosen) return;
            const problem = checkImageFile(chosen);
            setError(problem);
            onFile(problem ? null : chosen);
          }}
        />
        <label
          htmlFor="profile-avatar"
          className="btn btn-secondary cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-700"
        >
          {src ? 'Choose a new photo' : 'Choose a photo'}
        </label>
        <p id="profile-avatar-hint" className="field-hint">
          JPEG, PNG, WebP, GIF or AVIF, up to 10 MB. It is uploaded when you save.
        </p>
        {error ? (
          <p
            id="profile-avatar-error"
            className="field-error"
            role="alert"
            data-testid="avatar-error"
          >
            {error}
          </p>
        ) : null}
        {file && percent === null ? (
          <button
            type="button"
            className="btn btn-ghost mt-2 px-2 text-sm"
            onClick={() => onFile(null)}
          >
            Keep the current photo
          </button>
        ) : null}
        {percent !== null ? (
          <div data-testid="avatar-upload">
            <UploadProgress
              percent={percent}
              label="Photo upload"
              status={percent < 100 ? `Uploading… ${percent}%` : 'Photo uploaded.'}
              testId="avatar-progress"
            />
          </div>
        ) : null}
      </div>
    </fieldset>
  );
}
