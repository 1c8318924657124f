import { data } from 'react-router';
import type { Route } from './+types/edit-page-qr-code';
import { guardLoader } from '../features/accounts/guards';

const guard = guardLoader(['authenticated']);

/**
 * /edit-page/qr-code.png: the "Download PNG" of the editor's Share section (a resource route, no
 * page). The link carries the session cookie, not the API's access-token header, so the file is
 * fetched from GET /sites/qr in-process on the owner's behalf and passed on as it came: a PNG
 * attachment, kept by the owner's browser only.
 */
export async function loader(args: Route.LoaderArgs) {
  await guard(args);
  const res = await args.context.apiFetch('/api/v1/sites/qr?format=png');
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw data(body?.message ?? 'The QR code could not be drawn. Please try again.', {
      status: res.status,
    });
  }
  const headers = new Headers();
  for (const name of ['content-type', 'content-disposition', 'cache-control']) {
    const value = res.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(res.body, { status: 200, headers });
}
