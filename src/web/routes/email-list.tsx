import { Link, data } from 'react-router';
import type { Route } from './+types/email-list';
import { outreachApi } from '../../shared/api/outreach';
import { PageHeader } from '../components/ui/page';
import { formFailure, formText } from '../features/accounts/form-post';
import { openListLink } from '../features/outreach/api/outreach-api';
import { ListLinkPanel } from '../features/outreach/components/ListLinkPanel';
import { ListSignupForm } from '../features/outreach/components/ListSignupForm';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/meta';
import { useBrandName } from '../lib/root-data';

/**
 * /email-list: where every email-list form posts (the footer's newsletter sign-up, a seller's page),
 * the newsletter's own page, and the links of list emails: `?confirm=` (double opt-in) and
 * `?unsubscribe=` act as the page loads, on the server, with no JavaScript needed.
 */
export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Email list', 'News by email: sign up, confirm or unsubscribe.'),
  { name: 'robots', content: 'noindex' },
];

export async function loader({ url, context }: Route.LoaderArgs) {
  const client = serverApi(context);
  for (const action of ['confirm', 'unsubscribe'] as const) {
    const token = url.searchParams.get(action)?.trim();
    if (token) return { link: await openListLink(client, action, token) };
  }
  return { link: null };
}

/** The page carries a token in its URL: keep it out of caches. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/** A link is opened once per visit: signing in or out, or a sign-up here, does not open it again. */
export const shouldRevalidate = () => false;

type Answer =
  | { done: true; message: string; list: string }
  | { done: false; list: string; email: string; error: string };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const list = formText(form, 'list').trim();
  const source = formText(form, 'source');
  const email = formText(form, 'email');
  try {
    const res = await serverApi(context).call(outreachApi.signup, {
      body: {
        email,
        ...(list ? { list } : {}),
        ...(source === 'footer' || source === 'site' || source === 'page' ? { source } : {}),
        website: formText(form, 'website'),
      },
    });
    return { done: true, message: res.message, list } satisfies Answer;
  } catch (err) {
    const failure = formFailure(err, 'You could not be signed up. Please try again.');
    return data({ done: false, list, email, error: failure.message } satisfies Answer, {
      status: failure.status,
    });
  }
}

export default function EmailListPage({ loaderData, actionData }: Route.ComponentProps) {
  const brand = useBrandName();
  const answer = actionData as Answer | undefined;
  const back = answer?.list ? `/${encodeURIComponent(answer.list)}` : '/';
  return (
    <div className="mx-auto max-w-2xl" data-testid="email-list-page">
      <PageHeader
        title={answer?.list ? 'Email list' : `The ${brand} newsletter`}
        description="Sellers' news and new posts by email, only when you ask for them. Every email has a link to unsubscribe."
      />
      {loaderData.link && !answer ? <ListLinkPanel result={loaderData.link} /> : null}
      {answer?.done ? (
        <div
          role="status"
          data-testid="email-list-signed-up"
          className="rounded-lg border border-green-300 bg-green-50 p-4 text-green-950"
        >
          <p>{answer.message}</p>
          <p className="mt-3">
            <Link to={back} className="link">
              {answer.list ? 'Back to the page' : 'Back to the home page'}
            </Link>
          </p>
        </div>
      ) : !loaderData.link || answer ? (
        <section className="card">
          {answer && !answer.done ? (
            <p role="alert" className="field-error mb-4" data-testid="email-list-error">
              {answer.error}
            </p>
          ) : null}
          <ListSignupForm
            id="email-list-page"
            list={answer?.list || undefined}
            source="page"
            title={answer?.list ? 'Get new posts by email' : `Get news from ${brand} by email`}
            email={answer && !answer.done ? answer.email : undefined}
          />
        </section>
      ) : null}
    </div>
  );
}
