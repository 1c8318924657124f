import { useEffect, useRef } from 'react';
import { Form, useNavigation } from 'react-router';
import {
  CONTACT_FIELDS as FIELDS,
  CONTACT_TOPIC_LABELS,
  CONTACT_TOPICS,
  OUTREACH_LIMITS,
} from '../../../../shared/contracts/outreach-rules';
import { FieldShell, SubmitButton, TextAreaField, TextField } from '../../../components/ui/form';
import { firstInvalidField, type FieldErrors } from '../../../lib/form-errors';
import { Honeypot } from './ListSignupForm';

export type ContactValues = Record<(typeof FIELDS)[number], string>;

/** What the /contact action answers a failed post with (with or without JavaScript). */
export interface ContactFallback {
  values: ContactValues;
  fieldErrors: FieldErrors;
  error?: string;
}

const id = (field: string) => `contact-${field}`;

/**
 * The contact form: a React Router `<Form>` posted to the /contact route's action, which calls the
 * API. Without JavaScript it is a plain form post with the same answer; with it, the page stays
 * and shows progress. Field errors are the API's, under each field; focus goes to the first.
 */
export function ContactForm({
  initial,
  fallback,
}: {
  initial: Pick<ContactValues, 'name' | 'email'>;
  fallback?: ContactFallback | undefined;
}) {
  const navigation = useNavigation();
  const pending =
    navigation.state === 'submitting' && navigation.formAction?.startsWith('/contact') === true;
  const values: ContactValues = fallback?.values ?? {
    ...initial,
    topic: '',
    subject: '',
    message: '',
  };
  const errors = fallback?.fieldErrors ?? {};
  const alertRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (!fallback) return;
    const first = firstInvalidField(FIELDS, fallback.fieldErrors);
    if (first) document.getElementById(id(first))?.focus();
    else alertRef.current?.focus();
  }, [fallback]);

  const text = (field: 'name' | 'email' | 'subject') => ({
    id: id(field),
    name: field,
    defaultValue: values[field],
    error: errors[field],
  });
  return (
    <Form
      method="post"
      action="/contact"
      noValidate
      className="space-y-5"
      aria-label="Contact us"
      data-testid="contact-form"
    >
      {fallback?.error ? (
        <p
          ref={alertRef}
          tabIndex={-1}
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900"
          data-testid="contact-error"
        >
          {fallback.error}
        </p>
      ) : null}
      <div className="grid gap-5 md:grid-cols-2">
        <TextField
          {...text('name')}
          label="Your name"
          autoComplete="name"
          required
          maxLength={OUTREACH_LIMITS.nameMax}
        />
        <TextField
          {...text('email')}
          label="Your email"
          type="email"
          autoComplete="email"
          required
          hint="We answer here."
        />
      </div>
      <FieldShell id={id('topic')} label="What is it about?" error={errors.topic}>
        {(aria) => (
          <select
            id={id('topic')}
            name="topic"
            className="input"
            required
            defaultValue={values.topic}
            {...aria}
          >
            <option value="">Choose a topic</option>
            {CONTACT_TOPICS.map((topic) => (
              <option key={topic} value={topic}>
                {CONTACT_TOPIC_LABELS[topic]}
              </option>
            ))}
          </select>
        )}
      </FieldShell>
      <TextField
        {...text('subject')}
        label="Subject"
        required
        maxLength={OUTREACH_LIMITS.subjectMax}
      />
      <TextAreaField
        id={id('message')}
        name="message"
        label="Message"
        required
        rows={7}
        defaultValue={values.message}
        error={errors.message}
        hint={`At least ${OUTREACH_LIMITS.messageMin} characters, at most ${OUTREACH_LIMITS.messageMax}. For an order, include its number.`}
        maxLength={OUTREACH_LIMITS.messageMax}
      />
      <Honeypot id={id('website')} />
      <SubmitButton
        pending={pending}
        pendingLabel="Sending…"
        testId="contact-submit"
        worksWithoutScript
      >
        Send message
      </SubmitButton>
    </Form>
  );
}
