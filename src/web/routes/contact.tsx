import { Link } from 'react-router';
import type { Route } from './+types/contact';
import { PageHeader, Prose } from '../components/ui/page';
import { pageMeta } from '../lib/meta';
import { useBrandName } from '../lib/root-data';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'Contact', 'How to reach our team.');

const TOPICS = [
  {
    title: 'An order',
    text: 'Questions about an item or its delivery are best sent to the seller: open the order under Purchases and message them.',
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

export default function ContactPage() {
  const brand = useBrandName();
  return (
    <article data-testid="contact-page">
      <PageHeader
        title="Contact us"
        description={`We are people, not bots. Tell us what you need and the ${brand} team will get back to you, usually within one business day.`}
      />
      <ul className="grid max-w-4xl gap-4 md:grid-cols-2">
        {TOPICS.map((t) => (
          <li key={t.title} className="rounded-xl border border-gray-200 p-5">
            <h2 className="font-semibold text-gray-950">{t.title}</h2>
            <p className="mt-1 text-gray-700">{t.text}</p>
          </li>
        ))}
      </ul>
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
