import { useState } from 'react';
import { Link } from 'react-router';
import {
  NOTIFICATION_SETTING_KEYS,
  NOTIFICATION_SETTING_TEXT,
  type NotificationSettingsUpdate,
  type UnsubscribeScope,
} from '../../../../shared/contracts/notification-rules';
import { MESSAGES } from '../../../../shared/messages';
import { usePending } from '../../../components/ui/form';
import { notifyError } from '../../../components/ui/modal';
import { saveNotificationSettings } from '../api/notifications-api';

export type Unsubscribed =
  | { state: 'done'; kind: UnsubscribeScope; message: string; ownAccount: boolean }
  | { state: 'failed'; message: string }
  | { state: 'missing' };

const topicOf = (kind: UnsubscribeScope) =>
  kind === 'all' ? 'notification emails' : `emails about ${NOTIFICATION_SETTING_TEXT[kind].topic}`;

/**
 * What the one-click link of a notification email did (/unsubscribe): exactly what is now off, the
 * way to every setting, and — to the member it was sent to, signed in — a way back.
 */
export function UnsubscribeResult({ result }: { result: Unsubscribed }) {
  const [again, setAgain] = useState(false);
  const [pending, run] = usePending();

  if (result.state !== 'done') {
    return (
      <section className="card" data-testid="unsubscribe-error">
        {result.state === 'failed' ? (
          <p role="alert" className="font-semibold text-red-800">
            {result.message}
          </p>
        ) : (
          <p className="text-gray-800">
            Open the “Stop emails” link at the bottom of one of our notification emails: it switches
            those emails off in one click.
          </p>
        )}
        <p className="mt-4 text-gray-700">
          You can also choose which emails you get on{' '}
          <Link to="/edit-profile" className="link">
            your profile page
          </Link>{' '}
          (log in first).
        </p>
      </section>
    );
  }

  const { kind } = result;
  function subscribeAgain() {
    const on: NotificationSettingsUpdate =
      kind === 'all'
        ? Object.fromEntries(NOTIFICATION_SETTING_KEYS.map((key) => [key, true]))
        : { [kind]: true };
    void run(async () => {
      try {
        await saveNotificationSettings(on);
        setAgain(true);
      } catch (err) {
        void notifyError(err, MESSAGES.notificationSettingsSaveError);
      }
    });
  }

  return (
    <section className="card" data-testid="unsubscribe-done">
      <div role="status">
        {again ? (
          <p className="text-lg font-semibold text-green-800" data-testid="unsubscribe-message">
            You are subscribed again: {topicOf(kind)} are back on.
          </p>
        ) : (
          <p className="text-lg font-semibold text-gray-900" data-testid="unsubscribe-message">
            {result.message}
          </p>
        )}
      </div>
      <p className="mt-3 text-gray-700">
        {kind === 'all'
          ? 'Emails about your account itself, such as password resets, still reach you.'
          : 'Your other email settings stay as they were.'}{' '}
        Choose which emails you get on{' '}
        <Link to="/edit-profile" className="link" data-testid="unsubscribe-settings-link">
          your profile page
        </Link>
        {result.ownAccount ? '.' : ' (log in first).'}
      </p>
      {result.ownAccount && !again ? (
        <button
          type="button"
          className="btn btn-secondary mt-5 w-full md:w-auto"
          onClick={subscribeAgain}
          disabled={pending}
          aria-disabled={pending || undefined}
          data-testid="unsubscribe-undo"
        >
          {pending ? 'Subscribing…' : 'Subscribe again'}
        </button>
      ) : null}
    </section>
  );
}
