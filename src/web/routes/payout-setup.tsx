import { Link } from 'react-router';
import type { Route } from './+types/payout-setup';
import { InfoPanel, PageHeader } from '../components/ui/page';
import { guardLoader } from '../features/accounts/guards';
import { Pagination } from '../features/catalog/browse/Pagination';
import { PAYOUTS_PER_PAGE, loadPayouts } from '../features/earnings/api/earnings-api';
import { PayoutList } from '../features/earnings/components/PayoutList';
import { pageFrom } from '../features/orders/api/orders-api';
import { loadPayoutStatus } from '../features/payouts/api/payouts-api';
import { PayoutSetupForm } from '../features/payouts/components/PayoutSetupForm';
import { PayoutSetupPanel } from '../features/payouts/components/PayoutSetupPanel';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/meta';
import { useRootData } from '../lib/root-data';

const guard = guardLoader(['authenticated']);

/**
 * /payout-setup?account=…&type=… (signed in): the embedded payment driver's payout form, where its
 * setup links lead (with Stripe, sellers set up payouts on Stripe's own pages instead). A link for
 * somebody else's account says so instead of showing the form. Below: the seller's payouts
 * (`?page=`), newest first.
 */
export async function loader(args: Route.LoaderArgs) {
  await guard(args);
  const api = serverApi(args.context);
  const account = args.url.searchParams.get('account');
  const update = args.url.searchParams.get('type') === 'account_update';
  const page = pageFrom(args.url);
  const payouts = loadPayouts(api, page);
  const list = { page, href: args.url.pathname + args.url.search };
  // The caller's own payout status comes with the page wherever the payout panel shows (no
  // link, or another account's): the panel is then complete in the server's HTML.
  if (!account) {
    const [own, loaded] = await Promise.all([loadPayoutStatus(api), payouts]);
    return {
      account: null,
      update,
      notYours: false,
      submitted: false,
      payout: own.status,
      payouts: loaded,
      list,
    };
  }
  const [{ status, notYours }, loaded] = await Promise.all([
    loadPayoutStatus(api, account),
    payouts,
  ]);
  return {
    account,
    update,
    notYours,
    submitted: status?.details_submitted ?? false,
    payout: notYours ? (await loadPayoutStatus(api)).status : null,
    payouts: loaded,
    list,
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'Set up payouts', 'Tell us where to send the money from your sales.');

export default function PayoutSetupPage({ loaderData }: Route.ComponentProps) {
  const { account, update, notYours, submitted, payout, payouts, list } = loaderData;
  const stripe = Boolean(useRootData()?.config.stripePublishableKey);
  const updating = update || submitted;
  return (
    <div data-testid="payout-setup-page">
      <PageHeader
        title={updating ? 'Update payout details' : 'Set up payouts'}
        description="Tell us where to send the money from your sales. You are paid for each sale when you mark it shipped."
        actions={
          <Link to="/sales" className="btn btn-secondary">
            Back to Sales
          </Link>
        }
      />
      {stripe ? (
        <InfoPanel title="Payouts are set up with our payment provider">
          <p>Open the setup from your Sales page: it takes you to our payment provider.</p>
        </InfoPanel>
      ) : notYours ? (
        <InfoPanel
          title="This setup link is not yours"
          action={<PayoutSetupPanel initial={payout} />}
        >
          <p>It belongs to another account. Open your own payout setup instead.</p>
        </InfoPanel>
      ) : account ? (
        <PayoutSetupForm accountId={account} />
      ) : (
        <PayoutSetupPanel initial={payout} />
      )}
      <div className="mt-8">
        <PayoutList state={payouts} />
        {payouts.error === null ? (
          <Pagination
            url={list.href}
            page={list.page}
            recordsCount={payouts.recordsCount}
            limit={PAYOUTS_PER_PAGE}
          />
        ) : null}
      </div>
    </div>
  );
}
