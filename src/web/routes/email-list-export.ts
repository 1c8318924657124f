import { data } from 'react-router';
import type { Route } from './+types/email-list-export';
import { guardLoader } from '../features/accounts/guards';

const guard = guardLoader(['authenticated']);

/**
 * /email-list/export: the CSV download behind the "Download CSV" links (a resource route, no
 * page). The browser's link carries the session cookie, not the API's access-token header, so the
 * file is fetched from the API in-process on the member's behalf and streamed back as it came:
 * text/csv as an attachment, never cached. The API decides whose list the member may have.
 */
export async function loader(args: Route.LoaderArgs) {
  await guard(args);
  const query = new URLSearchParams();
  for (const name of ['list', 'status']) {
    const value = args.url.searchParams.get(name);
    if (value) query.set(name, value);
  }
  const res = await args.context.apiFetch(`/api/v1/email-list/export?${query}`);
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw data(body?.message ?? 'The list could not be exported. Please try again.', {
      status: res.status,
    });
  }
  const headers = new Headers({ 'cache-control': 'private, no-store' });
  for (const name of ['content-type', 'content-disposition']) {
    const value = res.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(res.body, { status: 200, headers });
}
