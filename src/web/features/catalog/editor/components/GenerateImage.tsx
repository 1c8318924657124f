import { lazy, Suspense, useState } from 'react';
import type { AiImageResult, GeneratedImageInfo } from '../../../../../shared/contracts/ai';

// The dialog (a form, Radix Dialog, the results grid) loads on first use, not with the editor.
const loadDialog = () => import('./GenerateImageDialog');
const GenerateImageDialog = lazy(loadDialog);

/**
 * "Generate image" beside "Add photos": opens the AI image dialog; the picture chosen there is
 * handed to `onPick` (the editor adds it to the post). The last results stay for a reopened dialog.
 */
export function GenerateImage({
  disabled,
  onPick,
}: {
  disabled: boolean;
  onPick: (picture: GeneratedImageInfo, alt: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [last, setLast] = useState<AiImageResult | null>(null);
  const preload = () => void loadDialog().catch(() => {});
  return (
    <>
      <button
        type="button"
        className="btn btn-secondary"
        aria-haspopup="dialog"
        disabled={disabled}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
        data-testid="ai-open"
      >
        Generate image
      </button>
      {open && (
        <Suspense fallback={<span role="status">Opening…</span>}>
          <GenerateImageDialog
            last={last}
            onResult={setLast}
            onClose={() => setOpen(false)}
            onPick={(picture, alt) => {
              setOpen(false);
              onPick(picture, alt);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
