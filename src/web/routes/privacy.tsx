import { Link } from 'react-router';
import type { Route } from './+types/privacy';
import { PageHeader, Prose } from '../components/ui/page';
import { pageMeta } from '../lib/meta';
import { useBrandName } from '../lib/root-data';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Privacy policy');

export default function PrivacyPage() {
  const brand = useBrandName();
  return (
    <article data-testid="privacy-page">
      <PageHeader
        title="Privacy policy"
        description="What we collect, why, and the choices you have."
      />
      <Prose>
        <h2>What we collect</h2>
        <ul>
          <li>
            <strong>Account details</strong>: username, name, email, password (stored only as a
            secure hash), profile picture, bio and link.
          </li>
          <li>
            <strong>What you publish</strong>: your page settings, posts, media, comments and
            messages.
          </li>
          <li>
            <strong>Orders</strong>: items bought and sold, shipping and billing addresses, tracking
            numbers. Card details go straight to our payment provider; we never see or store full
            card numbers.
          </li>
          <li>
            <strong>Technical data</strong>: IP address, browser and device type, kept in logs to
            keep the service secure.
          </li>
        </ul>
        <h2>Why we use it</h2>
        <ul>
          <li>To run your account, show your page and process orders and payouts.</li>
          <li>To send the emails you need: account activation, password resets, order updates.</li>
          <li>To keep {brand} safe: preventing fraud, spam and abuse, and moderating comments.</li>
        </ul>
        <p>We do not sell your personal data and we do not show third-party advertising.</p>
        <h2>Cookies and local storage</h2>
        <p>
          We use a few essential cookies to keep you signed in and remember that you accepted our
          cookie notice, and your browser&apos;s local storage to keep your cart between visits. We
          do not use tracking cookies.
        </p>
        <h2>Who we share it with</h2>
        <p>
          Only with the services that run {brand} for us — our payment provider, email delivery and
          hosting — under contracts that protect your data, and with authorities where the law
          requires it. Sellers see the shipping details of the orders you place with them.
        </p>
        <h2>Your rights</h2>
        <p>
          You can see and correct your details in your profile, download or delete your data and
          close your account. Ask us through our <Link to="/contact">contact page</Link> and we will
          answer within 30 days.
        </p>
        <h2>How long we keep it</h2>
        <p>
          As long as your account is open. Order records are kept for as long as tax law requires;
          everything else is deleted within 30 days of closing your account.
        </p>
      </Prose>
    </article>
  );
}
