import { Link } from 'react-router';
import type { Route } from './+types/terms';
import { PageHeader, Prose } from '../components/ui/page';
import { TAX_RATE } from '../../shared/cart';
import { formatMoney } from '../../shared/format';
import { toMajor } from '../../shared/money';
import { PLAN_IDS, PLANS } from '../../shared/plans';
import { pageMeta } from '../lib/meta';
import { useBrandName, useRootData } from '../lib/root-data';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    'Terms of service',
    'The rules for buying and selling here: accounts, fees, payments, shipping, refunds and what is not allowed.',
  );

const percent = (bps: number) => `${bps / 100}%`;

/** The fees as the plans table has them (src/shared/plans.ts): never typed in twice. */
function PlanFees({ currency }: { currency: string }) {
  return (
    <ul data-testid="terms-fees">
      {PLAN_IDS.map((id) => {
        const plan = PLANS[id];
        const { month, year } = plan.priceMinor;
        const price =
          month === 0
            ? 'no monthly charge'
            : `${formatMoney(toMajor(month), currency)} a month or ${formatMoney(toMajor(year), currency)} a year`;
        return (
          <li key={id}>
            <strong>{plan.name}</strong>: {price}; a platform fee of{' '}
            {percent(plan.limits.platformFeeBps)} of each sale.
          </li>
        );
      })}
    </ul>
  );
}

export default function TermsPage() {
  const brand = useBrandName();
  const config = useRootData()?.config;
  const currency = config?.currency ?? 'USD';
  const shipDays = config?.shipWithinDays ?? 7;
  return (
    <article data-testid="terms-page">
      <PageHeader
        title="Terms of service"
        description={`The rules for using ${brand}, in plain language.`}
      />
      <Prose>
        <p>
          These terms apply to everyone who uses {brand}: visitors, buyers and sellers. By creating
          an account or buying something you agree to them, and to our{' '}
          <Link to="/privacy">privacy policy</Link>. If you do not agree, please do not use the
          service.
        </p>
        <h2 id="accounts">1. Your account</h2>
        <ul>
          <li>
            You must be old enough to enter a binding contract where you live and give us accurate
            information. Your account is active once you confirm your email address.
          </li>
          <li>
            Keep your password to yourself. You are responsible for what happens under your account;
            tell us at once if you think someone else is using it.
          </li>
          <li>
            Your username is your page&apos;s address. Usernames that impersonate someone else are
            not allowed.
          </li>
        </ul>
        <h2 id="selling">2. Selling</h2>
        <ul>
          <li>
            Sell only items you own or have the right to sell, described honestly, with real photos
            of the item itself. State its condition and any faults.
          </li>
          <li>
            You set the price and the shipping cost. You are the seller of record: your contract for
            an item is directly with the buyer.
          </li>
          <li>
            Ship each paid order within {shipDays} days and mark it shipped with the carrier and
            tracking number. An order not marked shipped within {shipDays} days of payment is
            cancelled automatically and the buyer is refunded in full.
          </li>
          <li>
            To receive money, connect a payout account with our payment provider. Your share of a
            sale is paid out once you mark it shipped; their terms apply to payouts too.
          </li>
        </ul>
        <h2 id="fees">3. Plans and fees</h2>
        <p>
          Opening an account and a page is free. Every sale carries a platform fee, a share of the
          item prices and shipping (not of tax) set by the seller&apos;s plan when the order is
          paid, which we keep from the payout:
        </p>
        <PlanFees currency={currency} />
        <p>
          Paid plans are charged in advance for each month or year and renew automatically until you
          switch back to the free plan. After switching back you keep the paid plan until the end of
          the period you paid for; we do not refund part periods. If a renewal cannot be charged,
          your account returns to the free plan and we tell you by email. Each plan&apos;s limits
          are on our <Link to="/pricing">pricing page</Link>. We announce fee changes at least 30
          days before they apply.
        </p>
        <h2 id="buying">4. Buying, payments and refunds</h2>
        <ul>
          <li>
            Prices are set by sellers. The total at checkout is the item prices plus shipping plus{' '}
            {Math.round(TAX_RATE * 100)}% tax, and is what your card is charged.
          </li>
          <li>
            Card payments are processed by our payment provider; we never see or store your full
            card number. An order you do not pay for is released after a short time.
          </li>
          <li>
            A seller may cancel an order they cannot fulfil; a cancelled paid order is refunded in
            full to your card. Refunds usually reach your account within 5–10 business days,
            depending on your bank.
          </li>
          <li>
            If an item does not arrive or is not as described, message the seller first. If you
            cannot agree, <Link to="/contact">contact us</Link> with the order number and we will
            help.
          </li>
        </ul>
        <h2 id="prohibited">5. What you may not sell or post</h2>
        <ul>
          <li>Anything illegal where you or the buyer live, stolen goods and counterfeits.</li>
          <li>
            Weapons and ammunition, drugs and drug paraphernalia, prescription medicines, tobacco
            and vaping products, alcohol.
          </li>
          <li>
            Live animals, human remains or body parts, hazardous materials and recalled items.
          </li>
          <li>
            Accounts, gift cards, personal data, software licence keys you do not have the right to
            resell, and anything that infringes someone else&apos;s copyright or trademark.
          </li>
          <li>Adult content, hateful or harassing content, spam and misleading listings.</li>
        </ul>
        <h2 id="moderation">6. Content and moderation</h2>
        <p>
          You keep the rights to what you post and give us a licence to show it on the service and
          in link previews. Comments on your posts appear once you or a moderator approve them.
          Anyone can report a post, comment, message or member. Our moderators may remove content,
          hide posts or suspend accounts that break these terms; a suspended seller&apos;s posts are
          hidden until the account is reinstated.
        </p>
        <h2 id="liability">7. Liability</h2>
        <p>
          We work hard to keep {brand} available, secure and correct, but provide it as it is. Items
          are sold by members, not by us: to the extent the law allows, we are not liable for the
          items themselves, for indirect or consequential losses, or for more than the fees you paid
          us in the twelve months before a claim. Nothing in these terms limits rights you have as a
          consumer under the law where you live.
        </p>
        <h2 id="changes">8. Changes, ending and contact</h2>
        <p>
          You can stop using {brand} at any time; ask us through the{' '}
          <Link to="/contact">contact page</Link> to delete your account. We may update these terms
          and will tell you of important changes before they apply.
        </p>
      </Prose>
    </article>
  );
}
