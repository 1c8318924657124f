import { useState, type FormEvent } from 'react';
import {
  NOTIFICATION_SETTING_KEYS,
  NOTIFICATION_SETTING_TEXT,
  type NotificationSettings,
} from '../../../../shared/contracts/notification-rules';
import { MESSAGES } from '../../../../shared/messages';
import { SubmitButton, checkOf, useSend } from '../../../components/ui/form';
import { showNotify } from '../../../components/ui/modal';
import { saveNotificationSettings } from '../api/notifications-api';

/**
 * "Email notifications" on /edit-profile: one checkbox per kind of email (new followers, comments
 * to review, replies, private messages) and a Save button (PUT /users/notification-settings).
 * `initial` is null when the settings could not be loaded: the form says so instead of guessing.
 */
export function NotificationSettingsForm({ initial }: { initial: NotificationSettings | null }) {
  const [values, setValues] = useState<NotificationSettings | null>(initial);
  const [saved, setSaved] = useState<NotificationSettings | null>(initial);
  const { pending, send } = useSend({ fields: [], focus: () => {} });

  if (!values || !saved) {
    return (
      <p role="alert" className="text-red-800" data-testid="notification-settings-error">
        {MESSAGES.notificationSettingsLoadError}. Reload the page to try again.
      </p>
    );
  }

  const changed = NOTIFICATION_SETTING_KEYS.some((key) => values[key] !== saved[key]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const current = values;
    if (!current) return;
    // Checkboxes cannot be invalid: the check passes them on as they are.
    void send(current, {
      check: (v: NotificationSettings) => checkOf({}, v),
      call: saveNotificationSettings,
      done: (settings) => {
        setValues(settings);
        setSaved(settings);
        void showNotify(MESSAGES.notificationSettingsSaved);
      },
      failure: MESSAGES.notificationSettingsSaveError,
    });
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="space-y-5"
      aria-label="Email notifications"
      data-testid="notification-settings-form"
    >
      <fieldset aria-describedby="notification-settings-hint">
        <legend className="field-label">Email me about</legend>
        <p id="notification-settings-hint" className="field-hint mb-3">
          Events a few minutes apart arrive together in one email. Every email has a link that
          switches it off.
        </p>
        <div className="space-y-2">
          {NOTIFICATION_SETTING_KEYS.map((key) => (
            <label
              key={key}
              htmlFor={`notify-${key}`}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-gray-300 bg-white p-3 has-[:checked]:border-indigo-700"
            >
              <input
                id={`notify-${key}`}
                name={key}
                type="checkbox"
                checked={values[key]}
                onChange={(e) => setValues({ ...values, [key]: e.target.checked })}
                // The whole card toggles it; its name is the title alone, the hint its description.
                aria-labelledby={`notify-${key}-label`}
                aria-describedby={`notify-${key}-hint`}
                className="mt-1 size-4 shrink-0 accent-indigo-700"
                data-testid={`notify-${key}`}
              />
              <span>
                <span id={`notify-${key}-label`} className="block font-medium text-gray-900">
                  {NOTIFICATION_SETTING_TEXT[key].label}
                </span>
                <span id={`notify-${key}-hint`} className="block text-sm text-gray-700">
                  {NOTIFICATION_SETTING_TEXT[key].hint}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton
          pending={pending}
          pendingLabel="Saving…"
          className="btn btn-secondary w-full md:w-auto"
          testId="notification-settings-submit"
        >
          Save email settings
        </SubmitButton>
        <p
          role="status"
          className="text-sm text-gray-700"
          data-testid="notification-settings-state"
        >
          {changed ? 'You have unsaved changes.' : ''}
        </p>
      </div>
    </form>
  );
}
