import { Link, data, redirect } from 'react-router';
import type { Route } from './+types/contact';
import { outreachApi } from '../../shared/api/outreach';
import {
  CONTACT_FIELDS,
  CONTACT_THANKS,
  type ContactTopic,
} from '../../shared/contracts/outreach-rules';
import { PageHeader, Prose } from '../components/ui/page';
import { formFailure, formText } from '../features/accounts/form-post';
import {
  ContactForm,
  type ContactFallback,
  type ContactValues,
} from '../features/outreach/components/ContactForm';
import { serverApi } from '../lib/api';
import { serverFieldErrors } from '../lib/form-errors';
import { pageMeta } from '../lib/meta';
import { useBrandName, useRootData } from '../lib/root-data';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'Contact', 'How to reach our team: write to us and we answer by email.');

const TOPICS = [
  {
    title: 'An order',
    text: 'Questions about an item or its delivery are best sent to the seller: open the order under Purchases and press Message seller.',
  },
  {
    title: 'Your account',
    text: 'Trouble logging in? Reset your password first. For anything else about your account, write to us below.',
  },
  {
    title: 'Selling and payouts',
    text: 'Questions about fees, payouts or your payment provider account — our seller team answers within one business day.',
  },
  {
    title: 'Report a problem',
    text: 'Something on a page breaks our terms? Tell us the link and what is wrong; we review every report.',
  },
];

/**
 * The form's post (with JavaScript through React Router's fetch, without it as a plain post): the
 * API stores and mails it; success redirects to ?sent=1 (a reload does not send it again), a
 * refusal comes back with the entered values and the API's messages under the fields.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = Object.fromEntries(
    CONTACT_FIELDS.map((f) => [f, formText(form, f)]),
  ) as ContactValues;
  try {
    await serverApi(context).call(outreachApi.contact, {
      body: {
        ...values, // The API checks the topic (and every field) and says what is wrong.
        topic: values.topic as ContactTopic,
        website: formText(form, 'website'),
      },
    });
  } catch (err) {
    const failure = formFailure(err, 'Your message could not be sent. Please try again.');
    const fieldErrors = serverFieldErrors(failure.details, CONTACT_FIELDS);
    const fallback: ContactFallback = {
      values,
      fieldErrors,
      ...(Object.keys(fieldErrors).length ? {} : { error: failure.message }),
    };
    return data(fallback, { status: failure.status });
  }
  throw redirect('/contact?sent=1');
}

export async function loader({ url }: Route.LoaderArgs) {
  return { sent: url.searchParams.get('sent') === '1' };
}

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const brand = useBrandName();
  const user = useRootData()?.user ?? null;
  return (
    <article data-testid="contact-page">
      <PageHeader
        title="Contact us"
        description={`We are people, not bots. Tell us what you need and the ${brand} team will get back to you by email, usually within one business day.`}
      />
      <ul className="grid max-w-4xl gap-4 md:grid-cols-2">
        {TOPICS.map((t) => (
          <li key={t.title} className="rounded-xl border border-gray-200 p-5">
            <h2 className="font-semibold text-gray-950">{t.title}</h2>
            <p className="mt-1 text-gray-700">{t.text}</p>
          </li>
        ))}
      </ul>
      <section aria-labelledby="contact-form-title" className="card mt-10 max-w-3xl">
        <h2 id="contact-form-title" className="mb-4 text-xl font-semibold text-gray-950">
          Write to us
        </h2>
        {loaderData.sent && !actionData ? (
          <div role="status" data-testid="contact-sent">
            <p className="text-gray-900">{CONTACT_THANKS}</p>
            <Link to="/contact" className="btn btn-secondary mt-4">
              Send another message
            </Link>
          </div>
        ) : (
          <ContactForm
            initial={{ name: user?.name ?? '', email: user?.email ?? '' }}
            fallback={actionData}
          />
        )}
      </section>
      <Prose>
        <h2>Before you write</h2>
        <p>
          Many answers are already in our{' '}
          <Link to="/how-to-sell-used-pc-hardware-online">selling guide</Link>, the{' '}
          <Link to="/pricing">pricing page</Link> and our <Link to="/terms">terms</Link>. If you are
          signed in, the quickest way to reach a seller or buyer is{' '}
          <Link to="/messages">Messages</Link>.
        </p>
      </Prose>
    </article>
  );
}
