// The notifications module's public surface: other modules record events with `notify` inside
// their transaction; the digest job mails them in batches, honouring each member's settings.
export { DIGEST_JOB, notify, type NotificationEvent } from './notify';
