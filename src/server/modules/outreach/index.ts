// The outreach module's public surface (docs/decisions/034): the contact form (stored, mailed to
// admins through the job queue with reply-to the sender, spam refused) and email lists — the
// marketplace's own and each seller's — with double opt-in, one-click unsubscribe, new-post mails
// and CSV export. It writes only db/schema/outreach.ts.
import type { JobHandlers } from '../core';
import { contactMailJobs } from './contact-mail';
import { listMailJobs } from './list-mail';
import { newPostJobs } from './new-posts';
import { unconfirmedJobs } from './unconfirmed';

/**
 * Background jobs of this module, by name: contact mail to admins, list mails, the new-post
 * fan-out, and forgetting sign-ups nobody confirmed.
 */
export const outreachJobs: JobHandlers = {
  ...contactMailJobs,
  ...listMailJobs,
  ...newPostJobs,
  ...unconfirmedJobs,
};

export { listContactMessages, sendContactMessage, updateContactMessage } from './contact';
export { adminRecipients, CONTACT_MAIL_JOB } from './contact-mail';
export { confirmSignup, signUp, unsubscribeFromList } from './signup';
export { csvCell, emailListStats, exportEmailList } from './export';
export { LIST_MAIL_JOB, emailListPageUrl, listOneClickUrl } from './list-mail';
export { announceNewPost, NEW_POST_DELAY_MS, NEW_POST_JOB } from './new-posts';
export { readListToken, signListToken } from './list-token';
export { FORGET_UNCONFIRMED_JOB } from './unconfirmed';
