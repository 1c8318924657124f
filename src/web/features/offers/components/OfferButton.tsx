import { lazy, Suspense, useEffect, useState } from 'react';
import { MESSAGES } from '../../../../shared/messages';
import { modalActions, showNotify } from '../../../components/ui/modal';
import { useRootData } from '../../../lib/root-data';
import type { PageOffer } from '../../../../shared/contracts/offers';
import type { OfferMode } from './OfferDialog';

// The form loads on the first click, never with the page: post pages sit at their JavaScript
// budget (tests/e2e/budget.spec.ts).
const loadDialog = () => import('./OfferDialog');
const OfferDialog = lazy(loadDialog);
const OpenOffer = lazy(() => import('./OpenOffer').then((m) => ({ default: m.OpenOffer })));

/**
 * A post page's offer control: the buyer's open offer on the post where the page state says there
 * is one (OpenOffer: "Buy at …", "Offer sent: …"), else "Make an offer" on a post that takes
 * offers — which also stands in while OpenOffer's code arrives.
 */
export function PostOfferAction({
  open,
  seller,
  onBuy,
  allowOffers,
  soldOut,
  ...button
}: Parameters<typeof OfferButton>[0] & {
  open: PageOffer | null | undefined;
  /** The open offer's post, with its options, is sold out (OpenOffer). */
  soldOut?: boolean;
  /** The seller's name (OpenOffer's description). */
  seller: string;
  onBuy: (offer: PageOffer) => Promise<void>;
  allowOffers: boolean;
}) {
  const fallback = allowOffers ? <OfferButton {...button} /> : null;
  if (!open) return fallback;
  return (
    <Suspense fallback={fallback}>
      <OpenOffer
        offer={open}
        seller={seller}
        onBuy={onBuy}
        soldOut={soldOut}
        className={button.className}
      />
    </Suspense>
  );
}

/**
 * "Make an offer" (buyers, on a post that takes offers; signed out: the log-in modal) or, for the
 * post's seller, "Send an offer to likers" (docs/decisions/076).
 */
export function OfferButton({
  mode,
  post,
  selection = {},
  signedIn,
  className = 'btn btn-secondary',
  onSent,
}: {
  mode: OfferMode;
  /** `price`: the listed price of the options chosen. */
  post: { _id: string; title: string; price: number };
  /** The options chosen on the post (variation → option): the offer is for them. */
  selection?: Record<string, string>;
  signedIn: boolean;
  className?: string;
  /** The buyer's offer was recorded (the page shows it in the button's place). */
  onSent?: (offer: PageOffer) => void;
}) {
  const [open, setOpen] = useState(false);
  // Without JavaScript the button could do nothing: it keeps its place, unseen, until it can.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const currency = useRootData()?.config.currency ?? 'USD';
  return (
    <>
      <button
        type="button"
        className={`${className}${ready ? '' : ' invisible'}`}
        data-testid={mode === 'buyer' ? 'make-offer' : 'offer-to-likers'}
        aria-haspopup="dialog"
        onPointerEnter={() => void loadDialog().catch(() => {})}
        onFocus={() => void loadDialog().catch(() => {})}
        onClick={() => {
          if (!signedIn) void showNotify(MESSAGES.loginRequired, modalActions.login);
          else setOpen(true);
        }}
      >
        {mode === 'buyer' ? 'Make an offer' : 'Send an offer to likers'}
      </button>
      {open && (
        <Suspense fallback={null}>
          <OfferDialog
            mode={mode}
            postId={post._id}
            title={post.title}
            price={post.price}
            selection={selection}
            currency={currency}
            onClose={() => setOpen(false)}
            onSent={onSent}
          />
        </Suspense>
      )}
    </>
  );
}
