import { z } from 'zod';
import {
  contactMessageParams,
  contactMessageResponse,
  contactMessageUpdate,
  contactMessagesQuery,
  contactMessagesResponse,
  contactRequest,
  emailListQuery,
  emailListSignupRequest,
  emailListStatsResponse,
  emailListTokenRequest,
  emailListTokenResponse,
  emailListUnsubscribeQuery,
  emailListUnsubscribeRequest,
  outreachMessageResponse,
} from '../contracts/outreach';
import { endpoint } from './endpoint';

const tags = ['outreach'] as const;

/** The contact form and email lists (issue 13, docs/decisions/034). */
export const outreachApi = {
  contact: endpoint({
    method: 'POST',
    path: '/contact',
    summary:
      'Send a message to the team through the contact form (stored and mailed to the admins with Reply-To the sender; the honeypot field `website` must stay empty)',
    tags,
    body: contactRequest,
    response: outreachMessageResponse,
  }),
  contactMessages: endpoint({
    method: 'GET',
    path: '/admin/contact-messages',
    summary: 'Messages sent through the contact form, newest first (admins)',
    tags,
    query: contactMessagesQuery,
    response: contactMessagesResponse,
  }),
  updateContactMessage: endpoint({
    method: 'PATCH',
    path: '/admin/contact-messages/:id',
    summary: 'Mark a contact message handled (or new again) (admins)',
    tags,
    params: contactMessageParams,
    body: contactMessageUpdate,
    response: contactMessageResponse,
  }),
  signup: endpoint({
    method: 'PUT',
    path: '/email-list',
    summary:
      "Sign an address up to the marketplace's newsletter or a seller's list (`list`: their username); a confirmation email completes it (double opt-in). The answer is the same whether or not the address was on the list",
    tags,
    body: emailListSignupRequest,
    response: outreachMessageResponse,
  }),
  confirm: endpoint({
    method: 'POST',
    path: '/email-list/confirm',
    summary: 'Confirm a sign-up with the token of the confirmation email',
    tags,
    body: emailListTokenRequest,
    response: emailListTokenResponse,
  }),
  unsubscribe: endpoint({
    method: 'POST',
    path: '/email-list/unsubscribe',
    summary:
      'Leave a list with the token of any list email: JSON { token }, or the token in the query with any body (RFC 8058 one-click from a mail client)',
    tags,
    body: emailListUnsubscribeRequest,
    query: emailListUnsubscribeQuery,
    response: emailListTokenResponse,
  }),
  stats: endpoint({
    method: 'GET',
    path: '/email-list/stats',
    summary:
      "How many subscribers a list has and its plan limit: the caller's own list; admins also `marketplace` or a seller's username",
    tags,
    query: emailListQuery.pick({ list: true }),
    response: emailListStatsResponse,
  }),
  exportCsv: endpoint({
    method: 'GET',
    path: '/email-list/export',
    summary:
      "A list as CSV (text/csv): confirmed subscribers unless `status=all`; the caller's own list, admins also `marketplace` or a seller's username",
    tags,
    query: emailListQuery,
    response: z.string(),
  }),
};
