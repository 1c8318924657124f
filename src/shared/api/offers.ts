import {
  offerInput,
  offerLikersInput,
  offerLikersResponse,
  offerListQuery,
  offerListResponse,
  offerRespondInput,
  offerResponse,
} from '../contracts/offers';
import { endpoint } from './endpoint';

/** Offers on posts (issue 27 point 2, docs/decisions/076). */
export const offersApi = {
  myOffers: endpoint({
    method: 'GET',
    path: '/offers',
    summary:
      'My offers: those on my posts (received) and those where I am the buyer (sent), newest first; ?with=<member id>: only those between me and that member (a conversation)',
    tags: ['offers'],
    query: offerListQuery,
    response: offerListResponse,
  }),
  makeOffer: endpoint({
    method: 'POST',
    path: '/offers',
    summary:
      'Offer a price for a post that takes offers (below its price; one open offer per post); the seller is notified',
    tags: ['offers'],
    body: offerInput,
    status: 201,
    response: offerResponse,
  }),
  respondToOffer: endpoint({
    method: 'POST',
    path: '/offers/respond',
    summary:
      'Accept, decline or counter an offer made to me (an accepted offer is the buyer’s price for 48 hours), or withdraw my own waiting offer (always possible)',
    tags: ['offers'],
    body: offerRespondInput,
    response: offerResponse,
  }),
  offerToLikers: endpoint({
    method: 'POST',
    path: '/offers/likers',
    summary:
      'Offer a price to everyone who liked my post: each gets a private price valid 48 hours, told in their notification digest',
    tags: ['offers'],
    body: offerLikersInput,
    response: offerLikersResponse,
  }),
};
