import { data } from 'react-router';

/**
 * A CSV download behind a "Download CSV" link (a resource route, no page). The browser's link
 * carries the session cookie, not the API's access-token header, so the file is fetched from the
 * API in-process on the member's behalf and streamed back as it came: text/csv as an attachment,
 * never cached. The API decides what the member may have; its refusal is the error page's message.
 */
export async function csvDownload(
  context: { apiFetch: typeof fetch },
  apiPath: string,
  query: URLSearchParams,
  failure: string,
): Promise<Response> {
  const res = await context.apiFetch(`/api/v1${apiPath}?${query}`);
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw data(body?.message ?? failure, { status: res.status });
  }
  const headers = new Headers({ 'cache-control': 'private, no-store' });
  for (const name of ['content-type', 'content-disposition']) {
    const value = res.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(res.body, { status: 200, headers });
}

/** The named parameters of the page's address that are set (the rest are not passed on). */
export function pickParams(url: URL, names: readonly string[]): URLSearchParams {
  const query = new URLSearchParams();
  for (const name of names) {
    const value = url.searchParams.get(name);
    if (value) query.set(name, value);
  }
  return query;
}
