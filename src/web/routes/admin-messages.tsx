import { data, useNavigation } from 'react-router';
import type { Route } from './+types/admin-messages';
import { outreachApi } from '../../shared/api/outreach';
import { CONTACT_STATUSES, MARKETPLACE_LIST } from '../../shared/contracts/outreach-rules';
import { PageHeader } from '../components/ui/page';
import { PillNav } from '../components/ui/PillNav';
import { formFailure, formText } from '../features/accounts/form-post';
import { guardLoader } from '../features/accounts/guards';
import { Pagination } from '../features/catalog/browse/Pagination';
import { loadContactMessages } from '../features/outreach/api/outreach-api';
import { ContactMessageList } from '../features/outreach/components/ContactMessageList';
import { ListExportLinks } from '../features/outreach/components/ListExportLinks';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/meta';

const guard = guardLoader(['admin']);
const LIMIT = 20;
const TABS = [
  { status: 'new', label: 'New' },
  { status: 'handled', label: 'Handled' },
  { status: 'all', label: 'All' },
] as const;
type Tab = (typeof TABS)[number]['status'];

const EMPTY: Record<Tab, string> = {
  new: 'No new messages: everything sent through the contact form has been handled.',
  handled: 'No message has been marked handled yet.',
  all: 'Nobody has written through the contact form yet.',
};

/** /admin-messages (admins): messages from the contact form, and the newsletter's list. */
export async function loader(args: Route.LoaderArgs) {
  await guard(args);
  const params = args.url.searchParams;
  const status: Tab = TABS.find((t) => t.status === params.get('status'))?.status ?? 'new';
  const page = Math.max(1, Math.min(1000, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  const client = serverApi(args.context);
  const [list, newsletter] = await Promise.all([
    loadContactMessages(client, { status, page, limit: LIMIT }),
    client.call(outreachApi.stats, { query: { list: MARKETPLACE_LIST } }).catch(() => null),
  ]);
  return { status, page, list, newsletter, href: args.url.pathname + args.url.search };
}

/** Mark handled / new again (the list's small forms, with or without JavaScript). */
export async function action(args: Route.ActionArgs) {
  await guard(args);
  const form = await args.request.formData();
  const status = formText(form, 'status');
  try {
    await serverApi(args.context).call(outreachApi.updateContactMessage, {
      params: { id: formText(form, 'id') },
      body: {
        status: (CONTACT_STATUSES as readonly string[]).includes(status)
          ? (status as 'new')
          : 'handled',
      },
    });
    return { error: null };
  } catch (err) {
    const failure = formFailure(err, 'The message could not be changed. Please try again.');
    return data({ error: failure.message }, { status: failure.status });
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'Messages (admin)', 'Messages sent through the contact form.');

export default function AdminMessagesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { status, page, list, newsletter, href } = loaderData;
  const navigation = useNavigation();
  const pendingId =
    navigation.state !== 'idle' && navigation.formData
      ? String(navigation.formData.get('id'))
      : null;
  return (
    <div data-testid="admin-messages-page">
      <PageHeader
        title="Messages (admin)"
        description="What people wrote through the contact form, newest first. Reply by email (the sender's address is the reply-to of the mail you got too), then mark the message handled."
      />
      <PillNav
        label="Show"
        items={TABS.map((tab) => ({
          to: tab.status === 'new' ? '/admin-messages' : `/admin-messages?status=${tab.status}`,
          label: tab.label,
          current: status === tab.status,
        }))}
      />
      {list.error || actionData?.error ? (
        <p
          role="alert"
          className="mb-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900"
        >
          {actionData?.error ?? list.error}
        </p>
      ) : null}
      <ContactMessageList
        messages={list.messages}
        empty={<p>{EMPTY[status]}</p>}
        pendingId={pendingId}
      />
      <Pagination url={href} page={page} recordsCount={list.recordsCount} limit={LIMIT} />
      {newsletter ? (
        <section aria-labelledby="newsletter-title" className="card mt-10">
          <h2 id="newsletter-title" className="mb-2 text-lg font-semibold text-gray-950">
            Newsletter list
          </h2>
          <ListExportLinks stats={newsletter} list={MARKETPLACE_LIST} testId="newsletter-list" />
          <form
            method="get"
            action="/email-list/export"
            className="mt-6 flex flex-wrap items-end gap-3"
          >
            <div>
              <label htmlFor="seller-list" className="field-label">
                A seller&apos;s list (username)
              </label>
              <input id="seller-list" name="list" required className="input" autoComplete="off" />
            </div>
            <button type="submit" className="btn btn-secondary">
              Download their CSV
            </button>
          </form>
        </section>
      ) : null}
    </div>
  );
}
