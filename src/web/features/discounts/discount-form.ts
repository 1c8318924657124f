import type { Discount, DiscountInput } from '../../../shared/contracts/discounts';
import { formatDateTime, formatMoney } from '../../../shared/format';

// The /discounts form's fields ⇄ the PUT /discounts body, and the words the list shows for a code.
// Dates are typed and shown in UTC (the server keeps instants; the page says which clock).

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v.trim() : '';
};
const num = (v: string) => (v === '' ? Number.NaN : Number(v));
const optionalCount = (v: string) => (v === '' ? null : num(v));
/** An ISO instant → the datetime-local field's value in UTC. */
export const utcField = (iso: string | null) => (iso ? iso.slice(0, 16) : '');

export function discountFromForm(form: FormData): DiscountInput {
  const id = text(form, 'id');
  const kind = text(form, 'kind') === 'amount' ? 'amount' : 'percent';
  const scope = text(form, 'scope') === 'posts' ? 'posts' : 'shop';
  const startsAt = text(form, 'startsAt');
  const endsAt = text(form, 'endsAt');
  return {
    ...(id ? { _id: id } : {}),
    code: text(form, 'code'),
    kind,
    value: num(text(form, 'value')),
    scope,
    postIds: scope === 'posts' ? form.getAll('postIds').filter((v) => typeof v === 'string') : [],
    minOrder: text(form, 'minOrder') === '' ? 0 : num(text(form, 'minOrder')),
    startsAt: startsAt ? `${startsAt}:00Z` : null,
    endsAt: endsAt ? `${endsAt}:00Z` : null,
    maxUses: optionalCount(text(form, 'maxUses')),
    maxUsesPerBuyer: optionalCount(text(form, 'maxUsesPerBuyer')),
    active: form.get('active') === 'on',
  } as DiscountInput;
}

/** "10 % off" / "$5.00 off". */
export const offText = (d: Pick<Discount, 'kind' | 'value'>, currency: string) =>
  d.kind === 'percent' ? `${d.value} % off` : `${formatMoney(d.value, currency)} off`;

export const STATE_LABEL: Record<Discount['state'], string> = {
  active: 'Active',
  inactive: 'Turned off',
  scheduled: 'Not started',
  expired: 'Expired',
  used_up: 'Used up',
};

/** "From Dec 1, 2026, 12:00 AM UTC until …", or "No end". */
export function windowText(d: Pick<Discount, 'startsAt' | 'endsAt'>): string {
  const from = d.startsAt ? `From ${formatDateTime(d.startsAt)}` : '';
  const until = d.endsAt ? `until ${formatDateTime(d.endsAt)}` : '';
  return [from, until].filter(Boolean).join(' ') || 'No end date';
}
