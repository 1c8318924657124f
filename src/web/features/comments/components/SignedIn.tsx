import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { isModeratorRole } from '../../../../shared/contracts/account-rules';
import type { Comment, CommentDecision } from '../../../../shared/contracts/comments';
import { commentTextSchema } from '../../../../shared/contracts/comments';
import { SOCIAL_LIMITS } from '../../../../shared/contracts/social-rules';
import { MESSAGES } from '../../../../shared/messages';
import { ReportButton } from '../../../components/ReportButton';
import { SubmitButton, checkOf, useSend } from '../../../components/ui/form';
import { api } from '../../../lib/api';
import { issuesToFieldErrors } from '../../../lib/form-errors';
import { useRootData } from '../../../lib/root-data';
import { loadPostComments, type PostCommentsState } from '../api/comments-api';
import { decideComment, submitComment } from '../actions';
import type { CommentsSectionProps, CommentsView } from './CommentsSection';
import { ReviewButtons } from './ReviewButtons';

/**
 * The comments of a post for a signed-in member (loaded only for them): the thread with a Reply
 * button on what they may answer, Approve / Reject on pending comments for the post's owner and
 * moderators, and the form. The reply target shows above the form with a cancel, and is cleared
 * after every attempt (SPEC §4). After a write the page's data is read again.
 */
export default function SignedIn({
  productId,
  ownerId,
  data,
  viewer,
  View,
}: CommentsSectionProps & { View: typeof CommentsView }) {
  const rendered = useRootData()?.user;
  const shared = viewer !== undefined;
  const user = shared ? viewer : rendered;
  const mine = useOwnThread(shared ? productId : null, data);
  const owner = user?._id === ownerId;
  const reviewer = owner || isModeratorRole(user?.role);
  const { revalidate } = useRevalidator();
  const [target, setTarget] = useState<{ id: string; name: string } | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const { errors, pending, recheck, send } = useSend({
    fields: ['text'],
    focus: () => box.current?.focus(),
  });
  // A reply goes under an approved thread (or the member's own one still waiting for review).
  const open = (c: Comment) => c.status === 'accepted' || c.user._id === user?._id;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    void send(box.current?.value ?? '', {
      check: checkText,
      call: (text) => submitComment(productId, text, target?.id ?? null),
      done: () => {
        form.reset();
        void revalidate();
      },
      failure: MESSAGES.errorSavingComment,
    }).then(() => setTarget(null)); // SPEC §4: the reply target is cleared after every attempt
  }

  async function decide(id: string, status: CommentDecision) {
    if (await decideComment(id, status)) void revalidate();
  }

  return (
    <View
      data={mine ?? data}
      tools={(c, thread) => (
        <p className="comment-actions">
          {open(c) && open(thread) && (
            <button
              type="button"
              className="btn btn-ghost"
              data-testid="comment-reply"
              onClick={() => {
                setTarget({ id: thread._id, name: c.user.name });
                box.current?.focus();
              }}
            >
              Reply
              <span className="sr-only">
                {' '}
                to <bdi>{c.user.name}</bdi>
              </span>
            </button>
          )}
          {reviewer && c.status === 'pending' && (
            <ReviewButtons authorName={c.user.name} onDecide={(status) => decide(c._id, status)} />
          )}
          {c.status === 'accepted' && c.user._id !== user?._id && (
            <ReportButton
              targetType="comment"
              targetId={c._id}
              signedIn
              label="Report"
              testId="comment-report"
            />
          )}
        </p>
      )}
    >
      {/* Writing needs JavaScript (the thread reads without it); `post`, so that a form sent
          without it never puts the text into an address. */}
      <form method="post" onSubmit={submit} data-testid="comment-form">
        {target && (
          <p className="comment-target" data-testid="comment-reply-target">
            Replying to <bdi>{target.name}</bdi>
            <button type="button" className="btn btn-ghost" onClick={() => setTarget(null)}>
              Cancel reply
            </button>
          </p>
        )}
        <label htmlFor="comment-text" className="field-label">
          {target ? `Your reply to ${target.name}` : 'Your comment'}
        </label>
        <textarea
          id="comment-text"
          ref={box}
          name="text"
          className="input"
          rows={3}
          required
          maxLength={SOCIAL_LIMITS.commentMax}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={errors.text ? 'comment-hint comment-error' : 'comment-hint'}
          onChange={(e) => void recheck('text', e.currentTarget.value)}
        />
        {errors.text && (
          <p id="comment-error" className="field-error" data-testid="comment-error">
            {errors.text}
          </p>
        )}
        <p id="comment-hint" className="field-hint">
          {owner
            ? 'Your own comments on your post appear at once.'
            : 'The seller reviews comments before they appear.'}
        </p>
        <SubmitButton pending={pending} className="btn btn-primary">
          {target ? 'Send reply' : 'Send comment'}
        </SubmitButton>
      </form>
    </View>
  );
}

/** The comment's text by the shared contract (as the server checks it): trimmed, 1 to the limit. */
function checkText(text: string) {
  const parsed = commentTextSchema.safeParse(text);
  return parsed.success
    ? checkOf({}, parsed.data)
    : checkOf({ text: issuesToFieldErrors(parsed.error.issues)[''] ?? '' }, '');
}

/**
 * A shared page's thread was read for nobody (docs/decisions/045): the member's own view of it —
 * their comments waiting for review, and for the post's owner and moderators every pending one —
 * is read again with their session once the page has loaded, and after every write (`data`
 * changes when the page revalidates). Null until then, or when `productId` is null (a page
 * rendered for the member already).
 */
function useOwnThread(productId: string | null, data: PostCommentsState): PostCommentsState | null {
  const [mine, setMine] = useState<PostCommentsState | null>(null);
  useEffect(() => {
    if (!productId) return;
    let live = true;
    void loadPostComments(api, productId, new URL(window.location.href)).then(
      (own) => live && !own.error && setMine(own),
    );
    return () => {
      live = false;
    };
  }, [productId, data]);
  return mine;
}
