import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  AI_LIMITS,
  type AiAllowance,
  type AiImageResult,
  type GeneratedImageInfo,
} from '../../../../../shared/contracts/ai';
import { formatNumber } from '../../../../../shared/format';
import { UPGRADE_PATH } from '../../../../../shared/constants';
import { ApiError } from '../../../../lib/api-client';
import { apiErrorMessage } from '../../../../lib/errors';
import { generateImages, generatedAlt, getAiAllowance } from '../ai-images';
import { DialogFormActions, DialogFormError } from '../../../../components/DialogFormActions';

const FAILED = 'The pictures could not be generated. Please try again.';

export interface GenerateImageDialogProps {
  /** The last pictures generated in this editor, shown again when the dialog reopens. */
  last: AiImageResult | null;
  onResult: (result: AiImageResult) => void;
  /** The seller chose a picture: the editor adds it to the post. */
  onPick: (picture: GeneratedImageInfo, alt: string) => void;
  onClose: () => void;
}

function Allowance({ allowance }: { allowance: AiAllowance | null }) {
  if (!allowance) return <p className="text-sm text-gray-700">Checking your allowance…</p>;
  const left = allowance.remainingThisMonth;
  return (
    <p className="text-sm text-gray-800" data-testid="ai-allowance">
      {left === 0 ? 'No' : formatNumber(left)} of {formatNumber(allowance.perMonth)} pictures left
      this month on your {allowance.planName} plan.{' '}
      {left === 0 ? (
        <Link to={UPGRADE_PATH} className="link">
          See the plans
        </Link>
      ) : null}
    </p>
  );
}

/**
 * "Generate image" (loaded on first use): a prompt and how many pictures, GET /ai/image with a
 * visible progress state, the generator's notice, then the pictures as a choice of one. Adding the
 * chosen picture is the editor's work (use-editor-media.ts).
 */
export default function GenerateImageDialog({
  last,
  onResult,
  onPick,
  onClose,
}: GenerateImageDialogProps) {
  const id = useId();
  const [prompt, setPrompt] = useState(last?.prompt ?? '');
  const [count, setCount] = useState(last?.urls.length ?? 2);
  const [allowance, setAllowance] = useState<AiAllowance | null>(last);
  const [result, setResult] = useState<AiImageResult | null>(last);
  const [chosen, setChosen] = useState<string>('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; upgrade: boolean } | null>(null);

  useEffect(() => {
    let live = true;
    getAiAllowance()
      .then((a) => live && setAllowance(a))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // React bubbles events through the portal to the post editor's own form, which would save.
    event.stopPropagation();
    const text = prompt.trim();
    if (text.length < AI_LIMITS.promptMin) {
      setError({
        message: `Describe the picture in at least ${AI_LIMITS.promptMin} characters.`,
        upgrade: false,
      });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await generateImages(text, count);
      setResult(answer);
      setAllowance(answer);
      setChosen(answer.urls[0] ?? '');
      onResult(answer);
    } catch (err) {
      setError({
        message: apiErrorMessage(err, FAILED),
        upgrade: err instanceof ApiError && err.code === 'PLAN_LIMIT',
      });
    } finally {
      setBusy(false);
    }
  }

  const picked = result?.images.find((i) => i.url === chosen);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-gray-950/50" />
        <Dialog.Content
          data-testid="ai-dialog"
          aria-busy={busy || undefined}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-[min(44rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 text-gray-900 shadow-2xl focus:outline-none"
        >
          <Dialog.Title className="text-lg font-semibold">Generate an image</Dialog.Title>
          <Dialog.Description className="mt-1 text-gray-800">
            Describe a picture and choose one of the results: it is added to the post as a photo
            marked “AI generated”.
          </Dialog.Description>
          {allowance ? (
            <p
              className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
              data-testid="ai-notice"
            >
              {allowance.notice}
            </p>
          ) : null}
          <form className="mt-4 space-y-4" onSubmit={(e) => void submit(e)} noValidate>
            <div>
              <label htmlFor={`${id}-prompt`} className="field-label">
                What should the picture show?
              </label>
              <textarea
                id={`${id}-prompt`}
                className="input"
                rows={3}
                maxLength={AI_LIMITS.promptMax}
                value={prompt}
                onChange={(e) => setPrompt(e.currentTarget.value)}
                aria-describedby={`${id}-prompt-hint`}
                data-testid="ai-prompt"
              />
              <p id={`${id}-prompt-hint`} className="field-hint">
                {AI_LIMITS.promptMin} to {AI_LIMITS.promptMax} characters, e.g. “a refurbished
                gaming PC on a wooden desk, soft daylight”.
              </p>
            </div>
            <div className="flex flex-wrap items-end gap-3">
              <div>
                <label htmlFor={`${id}-count`} className="field-label">
                  How many pictures
                </label>
                <select
                  id={`${id}-count`}
                  className="input w-24"
                  value={count}
                  onChange={(e) => setCount(Number(e.currentTarget.value))}
                  data-testid="ai-count"
                >
                  {Array.from({ length: AI_LIMITS.perCallMax }, (_, i) => i + 1).map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </div>
              <button
                type="submit"
                className="btn btn-primary"
                disabled={busy}
                data-testid="ai-generate"
              >
                {busy ? 'Generating…' : result ? 'Generate again' : 'Generate'}
              </button>
            </div>
            <Allowance allowance={allowance} />
            <p role="status" className="text-sm text-gray-800" data-testid="ai-progress">
              {busy
                ? `Generating ${count === 1 ? 'a picture' : `${count} pictures`}… this can take a little while.`
                : ''}
            </p>
            <DialogFormError testId="ai-error">
              {error ? (
                <>
                  {error.message}{' '}
                  {error.upgrade ? (
                    <Link to={UPGRADE_PATH} className="link">
                      See the plans
                    </Link>
                  ) : null}
                </>
              ) : null}
            </DialogFormError>
          </form>

          {result && result.images.length > 0 ? (
            <fieldset className="mt-2" data-testid="ai-results">
              <legend className="field-label">Choose a picture</legend>
              <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
                {result.images.map((image, i) => (
                  <label
                    key={image.url}
                    className="relative block cursor-pointer rounded-lg border-2 border-gray-200 p-1 has-checked:border-indigo-700 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-700"
                  >
                    <input
                      type="radio"
                      name={`${id}-choice`}
                      value={image.url}
                      checked={chosen === image.url}
                      onChange={() => setChosen(image.url)}
                      className="sr-only"
                      data-testid="ai-choice"
                    />
                    <img
                      src={image.thumbnail}
                      alt={`Picture ${i + 1} of ${result.images.length} for “${result.prompt}”`}
                      width={160}
                      height={160}
                      className="aspect-square w-full rounded-md object-cover"
                    />
                    <span className="mt-1 block text-center text-sm">
                      Picture {i + 1}
                      {chosen === image.url ? ' · chosen' : ''}
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}

          <DialogFormActions
            busy={busy}
            disabled={!picked}
            onClick={() =>
              picked && result && onPick(picked, generatedAlt(result.prompt, result.generator))
            }
            submitLabel="Add to post"
            submitTestId="ai-add"
            className="mt-5"
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
