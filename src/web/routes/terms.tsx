import { Link } from 'react-router';
import type { Route } from './+types/terms';
import { PageHeader, Prose } from '../components/ui/page';
import { pageMeta } from '../lib/meta';
import { useBrandName } from '../lib/root-data';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Terms of service');

export default function TermsPage() {
  const brand = useBrandName();
  return (
    <article data-testid="terms-page">
      <PageHeader
        title="Terms of service"
        description={`The rules for using ${brand}, in plain language.`}
      />
      <Prose>
        <p>
          These terms apply to everyone who uses {brand}: visitors, buyers and sellers. By creating
          an account or buying something you agree to them. If you do not agree, please do not use
          the service.
        </p>
        <h2>1. Your account</h2>
        <ul>
          <li>
            You must be old enough to enter a binding contract where you live, and give us accurate
            information.
          </li>
          <li>
            Keep your password to yourself. You are responsible for what happens under your account.
          </li>
          <li>
            Your username is your page address. We may reclaim usernames that impersonate others or
            are left unused for a long time.
          </li>
        </ul>
        <h2>2. Selling</h2>
        <ul>
          <li>
            You may only sell items you own or have the right to sell, described honestly, with real
            photos.
          </li>
          <li>
            Prohibited: illegal goods, weapons, drugs, stolen or counterfeit items, hateful content
            and anything that infringes someone else&apos;s rights.
          </li>
          <li>
            You set your prices and shipping costs. Ship within the time you promise and add a
            tracking number when you do.
          </li>
          <li>
            Payouts are made by our payment provider to the account you connect; their terms apply
            too.
          </li>
        </ul>
        <h2>3. Buying</h2>
        <ul>
          <li>
            Your contract for an item is with the seller. We process the payment and help if
            something goes wrong.
          </li>
          <li>Totals shown at checkout include the item price, shipping and 10% tax.</li>
          <li>
            If an item does not arrive or is not as described, message the seller first, then
            contact us.
          </li>
        </ul>
        <h2>4. Content and community</h2>
        <p>
          You keep the rights to what you post and give us a licence to show it on the service.
          Comments are reviewed before they appear. We may remove content or suspend accounts that
          break these terms.
        </p>
        <h2>5. Plans and fees</h2>
        <p>
          Paid plans renew until you switch back to the free plan. Fees are listed on our{' '}
          <Link to="/pricing">pricing page</Link>; we tell you at least 30 days before they change.
        </p>
        <h2>6. Liability</h2>
        <p>
          We work hard to keep {brand} available and safe, but provide it as is. To the extent the
          law allows, we are not liable for indirect losses or for items sold between members.
        </p>
        <h2>7. Changes and contact</h2>
        <p>
          We may update these terms and will notify you of important changes. Questions?{' '}
          <Link to="/contact">Contact us</Link>.
        </p>
      </Prose>
    </article>
  );
}
