import { Link } from 'react-router';
import type { ReturnRequest } from '../../../../shared/contracts/returns';
import {
  RETURN_REASON_LABELS,
  RETURN_STATUS_LABELS,
  type ReturnStatus,
} from '../../../../shared/contracts/returns-rules';
import { CARRIERS, orderRef as shortRef } from '../../../../shared/contracts/commerce-rules';
import { formatDay as day, formatMoney } from '../../../../shared/format';
import { StatusBadge, type Tone } from '../../../components/ui/StatusBadge';

export const RETURN_TONES: Record<ReturnStatus, Tone> = {
  open: 'wait',
  declined: 'bad',
  escalated: 'info',
  awaiting_return: 'wait',
  refunded: 'good',
  rejected: 'off',
};

export function ReturnBadge({ status }: { status: ReturnStatus }) {
  return (
    <StatusBadge
      label={RETURN_STATUS_LABELS[status]}
      tone={RETURN_TONES[status]}
      testId="return-status"
    />
  );
}

/** A return request as both sides (and moderators) read it: what was asked, what was answered. */
export function ReturnDetail({ r }: { r: ReturnRequest }) {
  return (
    <article className="card space-y-4" data-testid="return-detail" data-status={r.status}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-gray-800">
          <bdi>{r.buyer.name}</bdi> asks{' '}
          <Link to={`/${encodeURIComponent(r.seller.username)}`} className="link">
            <bdi>{r.seller.name}</bdi>
          </Link>{' '}
          for a refund on order {shortRef(r.orderId)} (paid {formatMoney(r.partTotal, r.currency)}).
        </p>
        <ReturnBadge status={r.status} />
      </div>
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="font-semibold text-gray-900">Reason</dt>
        <dd data-testid="return-reason">{RETURN_REASON_LABELS[r.reason]}</dd>
        <dt className="font-semibold text-gray-900">Message</dt>
        <dd className="whitespace-pre-line" data-testid="return-message-text">
          {r.message}
        </dd>
        <dt className="font-semibold text-gray-900">Asked on</dt>
        <dd>{day(r.createdAt)}</dd>
        {r.status === 'open' ? (
          <>
            <dt className="font-semibold text-gray-900">Seller answers by</dt>
            <dd>{day(r.answerBy)}</dd>
          </>
        ) : null}
        {r.declineReason ? (
          <>
            <dt className="font-semibold text-gray-900">Seller&apos;s reason</dt>
            <dd data-testid="return-decline-reason">{r.declineReason}</dd>
          </>
        ) : null}
        {r.refund !== null ? (
          <>
            <dt className="font-semibold text-gray-900">Refund</dt>
            <dd data-testid="return-refund">
              {formatMoney(r.refund, r.currency)}
              {r.returnItem ? ', the item goes back to the seller' : ''}
              {r.refundSent
                ? ' — sent to the card'
                : r.status === 'refunded'
                  ? ' — being sent'
                  : ' — sent once the seller confirms the item is back'}
            </dd>
          </>
        ) : null}
        {r.returnShipment ? (
          <>
            <dt className="font-semibold text-gray-900">Item sent back</dt>
            <dd data-testid="return-shipment">
              {CARRIERS[r.returnShipment.carrier]?.name ?? 'Other carrier'},{' '}
              {r.returnShipment.trackingUrl ? (
                <a href={r.returnShipment.trackingUrl} className="link" rel="noreferrer">
                  {r.returnShipment.trackingNumber}
                </a>
              ) : (
                r.returnShipment.trackingNumber
              )}{' '}
              on {day(r.returnShipment.sentAt)}
              {r.itemReceivedAt ? `; received ${day(r.itemReceivedAt)}` : ''}
            </dd>
          </>
        ) : null}
        {r.status === 'awaiting_return' && r.returnShipment ? (
          <>
            <dt className="font-semibold text-gray-900">Seller confirms by</dt>
            <dd>{day(r.answerBy)}</dd>
          </>
        ) : null}
        {r.moderatorNote ? (
          <>
            <dt className="font-semibold text-gray-900">Moderators&apos; note</dt>
            <dd>{r.moderatorNote}</dd>
          </>
        ) : null}
      </dl>
      {r.photos.length ? (
        <ul className="flex flex-wrap gap-2" aria-label="Photos">
          {r.photos.map((p, i) => (
            <li key={p._id}>
              <a href={p.fullsize} className="block" target="_blank" rel="noreferrer">
                <img
                  src={p.thumbnail ?? p.fullsize}
                  alt={`Photo ${i + 1} of ${r.photos.length}`}
                  width={96}
                  height={96}
                  className="h-24 w-24 rounded object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}

/** One line of /returns. */
export function ReturnRow({ r }: { r: ReturnRequest }) {
  return (
    <li
      className="card flex flex-wrap items-center justify-between gap-2"
      data-testid="return-row"
      data-status={r.status}
    >
      <div>
        <Link to={`/returns/${r._id}`} className="link font-semibold">
          Order {shortRef(r.orderId)}: {RETURN_REASON_LABELS[r.reason]}
        </Link>
        <p className="text-sm text-gray-700">
          <bdi>{r.buyer.name}</bdi> → <bdi>{r.seller.name}</bdi>, {day(r.createdAt)}
          {r.refund !== null ? `, refund ${formatMoney(r.refund, r.currency)}` : ''}
        </p>
      </div>
      <ReturnBadge status={r.status} />
    </li>
  );
}
