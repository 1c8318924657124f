// The outreach module's public surface (docs/decisions/034): the contact form (stored, mailed to
// admins through the job queue with reply-to the sender, spam refused) and email lists — the
// marketplace's own and each seller's — with double opt-in, one-click unsubscribe, new-post mails
// and CSV export. It writes only db/schema/outreach.ts.
import type { JobDefinition } from '../core';
import { contactMailJob } from './contact-mail';
import { listMailJob } from './list-mail';
import { newPostJob } from './new-posts';
import { forgetUnconfirmedJob } from './unconfirmed';

/**
 * Background jobs of this module: contact mail to admins, list mails, the new-post fan-out, and
 * forgetting sign-ups nobody confirmed.
 */
export const outreachJobs: readonly JobDefinition[] = [
  contactMailJob,
  listMailJob,
  newPostJob,
  forgetUnconfirmedJob,
];

export { listContactMessages, sendContactMessage, updateContactMessage } from './contact';
export { adminRecipients, contactMailJob } from './contact-mail';
export { confirmSignup, signUp, unsubscribeFromList } from './signup';
export { csvCell, emailListStats, exportEmailList } from './export';
export { listMailJob, emailListPageUrl, listOneClickUrl } from './list-mail';
export { announceNewPost, NEW_POST_DELAY_MS, newPostJob } from './new-posts';
export { readListToken, signListToken } from './list-token';
export { forgetUnconfirmedJob } from './unconfirmed';
