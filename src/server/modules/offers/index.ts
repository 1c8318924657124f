// The offers module's public surface (docs/decisions/076): prices proposed for one post between
// its seller and one buyer, accepted offers as that buyer's private price for 48 hours, and the
// checkout's use of them. It writes only the offers table.
export {
  claimOfferPrices,
  offerPrices,
  releaseOrderOffers,
  withOfferPrices,
  type OfferLine,
  type OfferPrice,
} from './checkout';
export { offerToLikers } from './likers';
export { makeOffer, OPEN_OFFER_EXISTS, respondToOffer } from './make';
export { listMyOffers, offerNotFound, openOffersOn } from './rows';
