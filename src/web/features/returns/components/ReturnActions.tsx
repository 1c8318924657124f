import { useState, type FormEvent, type ReactNode } from 'react';
import type { ReturnRequest } from '../../../../shared/contracts/returns';
import { RETURN_LIMITS } from '../../../../shared/contracts/returns-rules';
import { formatMoney } from '../../../../shared/format';
import { SubmitButton, TextAreaField, TextField, usePending } from '../../../components/ui/form';
import { apiErrorMessage } from '../../../lib/errors';
import { acceptReturn, decideReturn, declineReturn, escalateReturn } from '../api/returns-api';

// The moves on a return request, each a small form: the seller accepts (an amount, the item back
// or not) or declines (a reason); the buyer sends it to moderation; a moderator decides. The
// server checks every rule again; its message is shown beside the button when it refuses.

export function useMove(onDone: () => void) {
  const [pending, run] = usePending();
  const [failure, setFailure] = useState<string | null>(null);
  const go = (call: () => Promise<unknown>) => (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    void run(async () => {
      try {
        await call();
        onDone();
      } catch (err) {
        setFailure(apiErrorMessage(err, 'That did not work. Please try again.'));
      }
    });
  };
  const shown: ReactNode = failure ? (
    <p role="alert" className="text-sm text-red-800" data-testid="return-failure">
      {failure}
    </p>
  ) : null;
  return { pending, go, shown };
}

export function Section({
  title,
  id,
  children,
}: {
  title: string;
  id: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="card space-y-3">
      <h2 id={id} className="text-lg font-semibold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The refund amount and whether the item comes back (the seller's accept, a moderator's refund). */
function RefundFields({
  prefix,
  id = prefix,
  r,
  amount,
  setAmount,
  back,
  setBack,
}: {
  prefix: string;
  /** The DOM id prefix, when several forms share a page. */
  id?: string;
  r: ReturnRequest;
  amount: string;
  setAmount: (v: string) => void;
  back: boolean;
  setBack: (v: boolean) => void;
}) {
  return (
    <>
      <TextField
        id={`${id}-refund`}
        label={`Refund (at most ${formatMoney(r.partTotal, r.currency)})`}
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.currentTarget.value)}
        data-testid={`${prefix}-refund`}
      />
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={back}
          onChange={(e) => setBack(e.currentTarget.checked)}
          data-testid={`${prefix}-return-item`}
        />
        The buyer sends the item back (the refund is sent once the seller confirms it arrived)
      </label>
    </>
  );
}

export function SellerAnswer({ r, onDone }: { r: ReturnRequest; onDone: () => void }) {
  const [amount, setAmount] = useState(String(r.partTotal));
  const [back, setBack] = useState(false);
  const [reason, setReason] = useState('');
  const accept = useMove(onDone);
  const decline = useMove(onDone);
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Section title="Accept and refund" id="accept-title">
        <form
          onSubmit={accept.go(() => acceptReturn(r._id, Number(amount), back))}
          className="space-y-3"
          data-testid="accept-form"
        >
          <p className="text-sm text-gray-700">
            Refund all of it or part of it. The buyer gets it back on their card; your share of it
            comes out of your payout.
          </p>
          <RefundFields
            prefix="accept"
            r={r}
            amount={amount}
            setAmount={setAmount}
            back={back}
            setBack={setBack}
          />
          {accept.shown}
          <SubmitButton pending={accept.pending} pendingLabel="Refunding…" testId="accept-submit">
            Refund {formatMoney(Number(amount) || 0, r.currency)}
          </SubmitButton>
        </form>
      </Section>
      <Section title="Decline" id="decline-title">
        <form
          onSubmit={decline.go(() => declineReturn(r._id, reason))}
          className="space-y-3"
          data-testid="decline-form"
        >
          <TextAreaField
            id="decline-reason"
            label="Why you decline (the buyer reads it)"
            value={reason}
            maxLength={RETURN_LIMITS.declineReasonMax}
            onChange={(e) => setReason(e.currentTarget.value)}
            data-testid="decline-reason"
          />
          {decline.shown}
          <SubmitButton
            pending={decline.pending}
            pendingLabel="Declining…"
            className="btn btn-secondary w-full md:w-auto"
            testId="decline-submit"
          >
            Decline
          </SubmitButton>
        </form>
      </Section>
    </div>
  );
}

export function BuyerEscalate({ r, onDone }: { r: ReturnRequest; onDone: () => void }) {
  const move = useMove(onDone);
  return (
    <Section title="Ask our moderators" id="escalate-title">
      <form
        onSubmit={move.go(() => escalateReturn(r._id))}
        className="space-y-3"
        data-testid="escalate-form"
      >
        <p className="text-sm text-gray-700">
          {r.status === 'declined'
            ? 'The seller declined. If you disagree, our moderators look at the request and decide.'
            : r.status === 'awaiting_return'
              ? `The seller has not confirmed the item arrived within ${RETURN_LIMITS.receiptDays} days of you sending it. Our moderators can look at the tracking and decide.`
              : `The seller has not answered in ${RETURN_LIMITS.answerDays} days. Our moderators can look at the request and decide.`}
        </p>
        {move.shown}
        <SubmitButton pending={move.pending} pendingLabel="Sending…" testId="escalate-submit">
          Send to moderation
        </SubmitButton>
      </form>
    </Section>
  );
}

/**
 * A moderator's decision on an escalated request, on its page and in the moderation queue (where
 * several are shown: `idPrefix` keeps their ids apart). Both call POST /returns/decide.
 */
export function ModeratorDecision({
  r,
  onDone,
  idPrefix = 'decide',
}: {
  r: ReturnRequest;
  onDone: () => void;
  idPrefix?: string;
}) {
  // An amount already agreed (accepted with the item back, then left unconfirmed) is the default.
  const [amount, setAmount] = useState(String(r.refund ?? r.partTotal));
  const [back, setBack] = useState(r.returnItem ?? false);
  const [note, setNote] = useState('');
  const move = useMove(onDone);
  const decide = (decision: 'refund' | 'reject') =>
    decideReturn({
      id: r._id,
      decision,
      returnItem: back,
      note,
      ...(decision === 'refund' ? { refund: Number(amount) } : {}),
    });
  const [choice, setChoice] = useState<'refund' | 'reject'>('refund');
  return (
    <Section title="Decide" id={`${idPrefix}-title`}>
      <form
        onSubmit={move.go(() => decide(choice))}
        className="space-y-3"
        data-testid="decide-form"
      >
        <fieldset>
          <legend className="mb-1 font-semibold text-gray-900">Decision</legend>
          {(['refund', 'reject'] as const).map((c) => (
            <label key={c} className="mr-4 inline-flex items-center gap-2">
              <input
                type="radio"
                name={`${idPrefix}-decision`}
                value={c}
                checked={choice === c}
                onChange={() => setChoice(c)}
                data-testid={`decision-${c}`}
              />
              {c === 'refund' ? 'Refund the buyer' : 'Close without refund'}
            </label>
          ))}
        </fieldset>
        {choice === 'refund' ? (
          <RefundFields
            prefix="decide"
            id={idPrefix}
            r={r}
            amount={amount}
            setAmount={setAmount}
            back={back}
            setBack={setBack}
          />
        ) : null}
        <TextAreaField
          id={`${idPrefix}-note`}
          label="Note to both sides (optional)"
          value={note}
          maxLength={RETURN_LIMITS.declineReasonMax}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        {move.shown}
        <SubmitButton pending={move.pending} pendingLabel="Saving…" testId="decide-submit">
          Decide
        </SubmitButton>
      </form>
    </Section>
  );
}
