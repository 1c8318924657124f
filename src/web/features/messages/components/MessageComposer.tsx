import { useState, type FormEvent } from 'react';
import type { Message } from '../../../../shared/contracts/messages';
import { MESSAGE_TAG_MAX } from '../../../../shared/contracts/messages';
import { SOCIAL_LIMITS } from '../../../../shared/contracts/social-rules';
import { MESSAGES } from '../../../../shared/messages';
import { SubmitButton, focusField, useSend } from '../../../components/ui/form';
import { modalActions, showNotify } from '../../../components/ui/modal';
import { TagInput } from '../../../components/ui/TagInput';
import { describedBy } from '../../../lib/form-errors';
import { checkImageFile } from '../../../lib/image-file';
import { saveMessage } from '../api/messages-api';
import { MessageImagesField } from './MessageImagesField';
import { FIELD_IDS, ORDER, checkMessage, serverErrors } from './message-form';

const MAX = SOCIAL_LIMITS.messageMax;
const MAX_IMAGES = SOCIAL_LIMITS.messageMediasMax;
const TAG_RULES = { max: SOCIAL_LIMITS.messageTagsMax, maxLength: MESSAGE_TAG_MAX };

interface MessageComposerProps {
  /** The message being edited (one of mine), or null for a new one. */
  editing: Message | null;
  /** A username to send a private message to (?to=). */
  to: string | null;
  /** A new message's first words: the address of the page it is about (?about=). */
  intro?: string;
  /** Start with "private" chosen (?private=1). */
  privateFirst?: boolean;
}

/**
 * /message: write a public message (my page and the /messages feed) or a private one to one
 * member — text with a live character count, tags, up to four images with previews and upload
 * progress. Editing keeps who the message is for; its images can be removed and added.
 */
export function MessageComposer({
  editing,
  to,
  intro = '',
  privateFirst = false,
}: MessageComposerProps) {
  const [text, setText] = useState(editing?.text ?? intro);
  const [tags, setTags] = useState<string[]>(editing?._tags ?? []);
  const [audience, setAudience] = useState<'public' | 'private'>(
    editing
      ? editing.recipient
        ? 'private'
        : 'public'
      : to || privateFirst
        ? 'private'
        : 'public',
  );
  const [recipient, setRecipient] = useState(to ?? '');
  const [kept, setKept] = useState<Message['medias']>(editing?.medias ?? []);
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const { errors, setErrors, showErrors, recheck, pending, send } = useSend({
    fields: ORDER,
    focus: (field) => focusField(FIELD_IDS[field]),
  });
  // Opened from a Message button about a page: the writing starts under its address, wherever
  // the caret would land (focus itself stays where the page puts it: the heading).
  function caretAfterIntro(box: HTMLTextAreaElement) {
    if (intro && box.value === intro) box.setSelectionRange(intro.length, intro.length);
  }

  const remaining = MAX - text.length;
  const imageCount = kept.length + files.length;

  function addFiles(list: FileList | null) {
    const chosen = [...(list ?? [])];
    if (chosen.length === 0) return;
    for (const file of chosen) {
      const problem = checkImageFile(file);
      if (problem) return setErrors((e) => ({ ...e, image: problem }));
    }
    if (imageCount + chosen.length > MAX_IMAGES)
      return setErrors((e) => ({
        ...e,
        image: `A message can have at most ${MAX_IMAGES} images. Remove some first.`,
      }));
    setErrors(({ image: _gone, ...e }) => e);
    setFiles((f) => [...f, ...chosen]);
    setProgress(null);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void send(
      { text, audience, recipient },
      {
        check: (v) => checkMessage(v, { editing, kept, tags }),
        call: (draft) => saveMessage(draft, files, files.length ? setProgress : undefined),
        done: (saved) => {
          setFiles([]);
          const action =
            !editing && saved.recipient
              ? modalActions.navigate(
                  `/messages?tab=conversations&with=${encodeURIComponent(saved.recipient._id)}`,
                )
              : modalActions.messages;
          void showNotify(editing ? MESSAGES.messageSaved : MESSAGES.messageSent, action);
        },
        // A refusal about a field (a recipient not found, an image refused) shows by that field.
        handled: (err) => {
          setProgress(null);
          const byField = serverErrors(err);
          if (!Object.keys(byField).length) return false;
          showErrors(byField);
          return true;
        },
        failure: editing ? MESSAGES.errorSavingMessage : MESSAGES.errorSendingMessage,
      },
    );
  }

  const percent = progress === null ? null : Math.round(progress * 100);
  const sentTo = editing?.recipient;

  return (
    <form
      onSubmit={submit}
      noValidate
      className="card flex flex-col gap-6"
      data-testid="message-form"
    >
      {editing ? (
        <p className="text-gray-800" data-testid="message-audience">
          {sentTo
            ? `Private message to ${sentTo.name} (@${sentTo.username}). Who it is for cannot change.`
            : 'Public message: on your page and the messages feed.'}
        </p>
      ) : (
        <fieldset>
          <legend className="field-label">Who can see it</legend>
          <div className="mt-1 flex flex-col gap-2 md:flex-row md:gap-6">
            <label className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name="audience"
                value="public"
                className="size-5 accent-indigo-700"
                checked={audience === 'public'}
                onChange={() => setAudience('public')}
                data-testid="audience-public"
              />
              Everyone (your page and the messages feed)
            </label>
            <label className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name="audience"
                value="private"
                className="size-5 accent-indigo-700"
                checked={audience === 'private'}
                onChange={() => setAudience('private')}
                data-testid="audience-private"
              />
              Only one member (private)
            </label>
          </div>
          {audience === 'private' ? (
            <div className="mt-3">
              <label htmlFor={FIELD_IDS.recipient} className="field-label">
                Send to (username)
              </label>
              <input
                id={FIELD_IDS.recipient}
                name="recipient"
                className="input"
                value={recipient}
                onChange={(e) => {
                  setRecipient(e.target.value);
                  void recheck('recipient', { text, audience, recipient: e.target.value });
                }}
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                autoComplete="off"
                aria-invalid={errors.recipient ? true : undefined}
                aria-describedby={describedBy(
                  `${FIELD_IDS.recipient}-hint`,
                  errors.recipient && `${FIELD_IDS.recipient}-error`,
                )}
              />
              <p id={`${FIELD_IDS.recipient}-hint`} className="field-hint">
                Only you and this member will ever see the message.
              </p>
              {errors.recipient ? (
                <p id={`${FIELD_IDS.recipient}-error`} className="field-error" role="alert">
                  {errors.recipient}
                </p>
              ) : null}
            </div>
          ) : null}
        </fieldset>
      )}

      <div>
        <label htmlFor={FIELD_IDS.text} className="field-label">
          Message
        </label>
        <textarea
          id={FIELD_IDS.text}
          onFocus={(e) => caretAfterIntro(e.currentTarget)}
          name="text"
          className="input min-h-36"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            void recheck('text', { text: e.target.value, audience, recipient });
          }}
          aria-invalid={errors.text || remaining < 0 ? true : undefined}
          aria-describedby={describedBy(
            `${FIELD_IDS.text}-count`,
            errors.text && `${FIELD_IDS.text}-error`,
          )}
        />
        <p
          id={`${FIELD_IDS.text}-count`}
          className={`field-hint ${remaining < 0 ? 'font-semibold text-red-800' : ''}`}
          data-testid="message-count"
        >
          {text.length.toLocaleString('en-US')} / {MAX.toLocaleString('en-US')} characters
          {remaining < 0 ? ` — ${(-remaining).toLocaleString('en-US')} too many` : ''}
        </p>
        {/* Announced only near the limit, not on every keystroke. */}
        <p className="sr-only" aria-live="polite">
          {remaining <= 50 && remaining >= 0 ? `${remaining} characters left` : ''}
          {remaining < 0 ? `${-remaining} characters too many` : ''}
        </p>
        {errors.text ? (
          <p id={`${FIELD_IDS.text}-error`} className="field-error" role="alert">
            {errors.text}
          </p>
        ) : null}
      </div>

      <TagInput
        id={FIELD_IDS._tags}
        label="Tags (optional)"
        value={tags}
        onChange={setTags}
        rules={TAG_RULES}
        error={errors._tags}
        hint="People can find public messages by their tags. Press Enter or type a comma after each tag."
      />

      <MessageImagesField
        inputId={FIELD_IDS.image}
        kept={kept}
        files={files}
        max={MAX_IMAGES}
        error={errors.image}
        percent={percent}
        pending={pending}
        onAdd={addFiles}
        onRemoveKept={(id) => setKept((all) => all.filter((x) => x._id !== id))}
        onRemoveFile={(i) => setFiles((all) => all.filter((_, j) => j !== i))}
      />

      <div>
        <SubmitButton
          pending={pending}
          pendingLabel={editing ? 'Saving…' : 'Sending…'}
          testId="message-submit"
        >
          {editing ? 'Save message' : 'Send message'}
        </SubmitButton>
      </div>
    </form>
  );
}
