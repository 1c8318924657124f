import { describe, expect, it } from 'vitest';
import { JOB_REGISTRY } from '../../src/server/composition/job-handlers';

/**
 * Each queued row stores its job's name: renaming a definition would strand the jobs queued before
 * an upgrade (they would end "no handler"). These are the names databases hold today; changing one
 * needs the rows migrated too, not only this list.
 */
const STORED_NAMES = [
  'accounts.mail',
  'ai.discard-generation',
  'catalog.discard-upload',
  'commerce.auto-cancel',
  'commerce.checkout-reminder',
  'commerce.expire-order',
  'commerce.mail',
  'commerce.payout',
  'commerce.refund',
  'commerce.return-mail',
  'commerce.return-refund',
  'commerce.stripe-event',
  'core.delete-files',
  'insights.maintain',
  'notifications.digest',
  'notifications.liked-post-alert',
  'outreach.contact-mail',
  'outreach.forget-unconfirmed',
  'outreach.list-mail',
  'outreach.new-post',
  'plans.mail',
  'plans.renew',
  'plans.stripe-event',
  'sites.domain-mail',
  'sites.domain-recheck',
  'sites.domain-sweep',
];

describe('the job registry', () => {
  it('runs every job name the database holds, each from one definition', () => {
    expect([...JOB_REGISTRY.keys()].sort()).toEqual(STORED_NAMES);
    for (const [name, definition] of JOB_REGISTRY) expect(definition.name).toBe(name);
  });
});
