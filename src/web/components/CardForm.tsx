import { useRef, useState, type FormEvent } from 'react';
import {
  cardBrand,
  cardProblems,
  digitsOnly,
  formatCardNumber,
  type CardField,
  type CardInput,
} from '../../shared/card';
import { formatMoney } from '../../shared/format';
import { MESSAGES } from '../../shared/messages';
import { SubmitButton, TextField, focusField } from './ui/form';
import { showWait } from './ui/modal';
import { ApiError, isSessionExpired } from '../lib/api-client';
import { PaymentRefusal } from './PaymentRefusal';
import { useHydrated } from '../lib/use-hydrated';
import { refusalOf, type Refusal } from './payment-refusal';

type CardErrors = Partial<Record<CardField, string>>;

const FIELD_IDS: Record<CardField, string> = {
  number: 'card-number',
  expiry: 'card-expiry',
  cvc: 'card-cvc',
};
const FIELD_ORDER: readonly CardField[] = ['number', 'expiry', 'cvc'];
const BRAND_NAMES = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
} as const;

/** "1228" → "12 / 28" as it is typed. */
export function formatExpiry(value: string): string {
  const d = digitsOnly(value).slice(0, 4);
  return d.length <= 2 ? d : `${d.slice(0, 2)} / ${d.slice(2)}`;
}

/** The form's text as the card the server and the shared rules take (an incomplete date: NaN). */
export function cardFromForm(number: string, expiry: string, cvc: string): CardInput {
  const d = digitsOnly(expiry);
  return {
    number: digitsOnly(number),
    expMonth: d.length >= 2 ? Number(d.slice(0, 2)) : NaN,
    expYear: d.length === 4 ? 2000 + Number(d.slice(2)) : NaN,
    cvc: digitsOnly(cvc),
  };
}

function problemsByField(card: CardInput): CardErrors {
  const out: CardErrors = {};
  for (const p of cardProblems(card, new Date())) out[p.field] ??= p.message;
  return out;
}

/** A 400 CARD_INVALID names `card.<field>` in its details. */
function serverCardErrors(err: ApiError): CardErrors {
  const out: CardErrors = {};
  for (const d of err.details ?? []) {
    const field = d.path[0] === 'card' ? d.path[1] : d.path[0];
    if (field === 'number' || field === 'expiry' || field === 'cvc') out[field] ??= d.message;
  }
  if (Object.keys(out).length === 0) out.number = err.message;
  return out;
}

export interface CardFormProps {
  /** What the card pays now, in major units, for the button ("Pay $9.00"). */
  amount: number;
  currency: string;
  /** The form's heading (default "Pay by card"). */
  heading?: string;
  /**
   * Sends the card and finishes what paying leads to (the confirmation page); the wait modal stays
   * up until it settles. A 400 CARD_INVALID shows by the field; any other failure (a decline) is
   * shown, announced and focused next to the Pay button (PaymentRefusal).
   */
  pay: (card: CardInput) => Promise<void>;
  /** The refusal's test id (default "payment-error"). */
  errorTestId?: string;
}

/**
 * The embedded payment driver's card form, for every purchase it takes (an order's payment, a
 * plan): number with live spacing and the brand, expiry MM / YY, CVC, name on card. Errors show by
 * the field when one is left and on submit; paying shows the wait modal (SPEC §8) and sends one
 * payment at a time. Load it lazily: it is only for pages that take a card.
 */
export function CardForm({
  amount,
  currency,
  heading = 'Pay by card',
  pay,
  errorTestId = 'payment-error',
}: CardFormProps) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<CardErrors>({});
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const busy = useRef(false);
  const brand = cardBrand(number);
  const values: Record<CardField, string> = { number, expiry, cvc };

  /** On leaving a field: its problem, once something is typed. */
  function checkField(field: CardField) {
    if (!values[field]) return;
    const message = problemsByField(cardFromForm(number, expiry, cvc))[field];
    if (message) setErrors((e) => ({ ...e, [field]: message }));
  }

  /**
   * While typing, a shown error goes away once the field is right (not on blur: an error leaving
   * as focus moves to Pay would shift the button under the pointer).
   */
  function edit(field: CardField, value: string, set: (v: string) => void) {
    set(value);
    if (!errors[field]) return;
    const next = { ...values, [field]: value };
    const message = problemsByField(cardFromForm(next.number, next.expiry, next.cvc))[field];
    if (!message) setErrors(({ [field]: _fixed, ...rest }) => rest);
  }

  function showErrors(found: CardErrors) {
    setErrors(found);
    const first = FIELD_ORDER.find((f) => found[f]);
    if (first) focusField(FIELD_IDS[first]);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    const card = cardFromForm(number, expiry, cvc);
    const found = problemsByField(card);
    if (Object.keys(found).length) return showErrors(found);
    busy.current = true;
    setPending(true);
    setErrors({});
    setRefusal(null);
    const closeWait = showWait(MESSAGES.paymentSubmitted);
    try {
      // The wait modal stays up until the confirmation page is there.
      await pay(card);
      closeWait();
    } catch (err) {
      closeWait();
      if (isSessionExpired(err)) return;
      if (err instanceof ApiError && err.code === 'CARD_INVALID') showErrors(serverCardErrors(err));
      else setRefusal(refusalOf(err));
    } finally {
      busy.current = false;
      setPending(false);
    }
  }

  const brandName = brand === 'unknown' ? null : BRAND_NAMES[brand];
  const hydrated = useHydrated();
  return (
    <form
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      aria-labelledby="card-form-heading"
      className="card space-y-4"
      data-testid="card-form"
    >
      <h3 id="card-form-heading" className="text-lg font-semibold text-gray-900">
        {heading}
      </h3>
      <p
        className="rounded-lg bg-indigo-50 p-3 text-sm text-indigo-950"
        data-testid="test-card-note"
      >
        This store uses test cards: no real money moves. Use 4242 4242 4242 4242 with any future
        date and any CVC.
      </p>
      {/* Until the page runs, the fields stay disabled: typed earlier, a number would be reset by
          hydration (Pay then says the field is empty), and the form must never submit itself
          natively. The card's fields have no name: they are never posted to this server. */}
      <fieldset disabled={!hydrated} className="min-w-0 space-y-4">
        <TextField
          id={FIELD_IDS.number}
          name={undefined}
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={number}
          onChange={(e) => edit('number', formatCardNumber(e.target.value), setNumber)}
          onBlur={() => checkField('number')}
          error={errors.number}
          hint={brandName ? <span data-testid="card-brand">{brandName}</span> : undefined}
          required
        />
        <div className="grid grid-cols-2 gap-4">
          <TextField
            id={FIELD_IDS.expiry}
            name={undefined}
            label="Expiry (MM / YY)"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={expiry}
            onChange={(e) => edit('expiry', formatExpiry(e.target.value), setExpiry)}
            onBlur={() => checkField('expiry')}
            error={errors.expiry}
            required
          />
          <TextField
            id={FIELD_IDS.cvc}
            name={undefined}
            label="CVC"
            hint="The 3 digits on the back (4 on the front for American Express)."
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            value={cvc}
            onChange={(e) => edit('cvc', digitsOnly(e.target.value).slice(0, 4), setCvc)}
            onBlur={() => checkField('cvc')}
            error={errors.cvc}
            required
          />
        </div>
        <TextField
          id="card-name"
          label={
            <>
              Name on card <span className="font-normal text-gray-700">(optional)</span>
            </>
          }
          autoComplete="cc-name"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <PaymentRefusal refusal={refusal} testId={errorTestId} />
        <SubmitButton
          pending={pending}
          pendingLabel="Paying…"
          className="btn btn-primary w-full"
          testId="card-pay"
        >
          Pay {formatMoney(amount, currency)}
        </SubmitButton>
      </fieldset>
    </form>
  );
}
