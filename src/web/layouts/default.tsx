import { Outlet, type ShouldRevalidateFunction } from 'react-router';
import type { Route } from './+types/default';
import { listTags } from '../features/catalog/api/catalog-api';
import { serverApi } from '../lib/api';
import type { HeaderTagsData } from '../shell/TagList';
import { DefaultShell } from '../shell/DefaultShell';
import { ErrorPage } from '../shell/LazyErrorPage';
import { describeError, errorTitle } from '../lib/errors';
import { pageMeta } from '../lib/meta';

/** Tags the header lists: the most used first (GET /tags); none when they cannot be read. */
const HEADER_TAGS_MAX = 20;

export async function loader({ context }: Route.LoaderArgs): Promise<HeaderTagsData> {
  const tags = await listTags(serverApi(context));
  return {
    headerTags: [...tags]
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
      .slice(0, HEADER_TAGS_MAX)
      .map((t) => t.name),
  };
}

/** The tag list changes rarely: read it with the page, again only after a form post. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  defaultShouldRevalidate,
}) => (formMethod && formMethod.toUpperCase() !== 'GET' ? defaultShouldRevalidate : false);

/** Default layout (SPEC §2) for the marketplace and account pages. */
export default function DefaultLayout() {
  return (
    <DefaultShell>
      <Outlet />
    </DefaultShell>
  );
}

export const meta: Route.MetaFunction = ({ error, matches }) =>
  error ? pageMeta(matches, errorTitle(describeError(error).status)) : [];

/** Errors below this layout (404s included) render inside its chrome. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <DefaultShell>
      <ErrorPage error={error} />
    </DefaultShell>
  );
}
