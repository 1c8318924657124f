import { Link, data, useRevalidator } from 'react-router';
import type { Route } from './+types/edit-page';
import type { MySite } from '../../shared/contracts/sites';
import { MESSAGES } from '../../shared/messages';
import { LinkCards, PageHeader } from '../components/ui/page';
import { formFailure } from '../features/accounts/form-post';
import { guardLoader } from '../features/accounts/guards';
import { useAuthStore } from '../features/accounts/stores/auth-store';
import { listMyProducts, listProductsByUser } from '../features/catalog/api/catalog-api';
import { loadMyListStats } from '../features/outreach/api/outreach-api';
import { ListExportLinks } from '../features/outreach/components/ListExportLinks';
import { getMySite, getSiteShare, updateSite } from '../features/sites/api/my-site';
import { SiteEditor } from '../features/sites/editor/components/SiteEditor';
import type { LinkPost } from '../features/sites/editor/links/link-draft';
import { LinksSection } from '../features/sites/editor/links/LinksSection';
import type { PreviewPost } from '../features/sites/editor/components/SitePreview';
import { ShareSection } from '../features/sites/editor/components/ShareSection';
import {
  EDITOR_FIELDS,
  changedFields,
  valuesFromForm,
  valuesFromSite,
} from '../features/sites/editor/editor-values';
import { serverApi } from '../lib/api';
import { serverFieldErrors } from '../lib/form-errors';
import { pageMeta } from '../lib/meta';
import { useRootData } from '../lib/root-data';

/** /edit-page (signed in): the owner's site (GET /sites/mine) and their first posts for the preview. */
export async function loader(args: Route.LoaderArgs) {
  const { user } = await guardLoader(['authenticated'])(args);
  if (!user) return { user, site: null, posts: [], linkPosts: [], emailList: null, share: null };
  const client = serverApi(args.context);
  const [site, list, mine, emailList, share] = await Promise.all([
    getMySite(client),
    listProductsByUser(client, user.username, { page: 1, sort: 'newest', limit: 2 }),
    // The links editor's "one of my posts" (any status: a draft's link shows once published).
    listMyProducts(client, { page: 1, sort: 'newest', limit: 100 }),
    loadMyListStats(client),
    getSiteShare(client),
  ]);
  const posts: PreviewPost[] = list.products.map((p) => ({
    _id: p._id,
    title: p.title,
    price: p.price,
    thumbnail: p.medias.find((m) => m.thumbnail)?.thumbnail ?? null,
  }));
  const linkPosts: LinkPost[] = mine.products.map((p) => {
    const image = p.medias.find((m) => m.thumbnail);
    return {
      _id: p._id,
      title: p.title,
      path: p.path,
      price: p.price,
      soldOut: p.soldOut,
      public: p.status === 'published' || p.status === 'sold',
      thumbnail: image?.thumbnail ?? null,
      alt: image?.alt ?? '',
      tags: p._tags,
    };
  });
  return { user, site, posts, linkPosts, emailList, share };
}

/**
 * The editor without JavaScript (with it, the form saves through the API itself and never posts
 * here): PUT /sites with the posted fields, then the page again with what happened.
 */
export async function action(args: Route.ActionArgs) {
  await guardLoader(['authenticated'])(args);
  const form = await args.request.formData();
  const client = serverApi(args.context);
  const saved = valuesFromSite(await getMySite(client));
  const values = valuesFromForm(form, saved);
  const body = changedFields(values, saved);
  try {
    await updateSite(body, client);
    return { errors: {}, message: MESSAGES.siteSaved, values: null };
  } catch (err) {
    const failure = formFailure(err, MESSAGES.siteSaveError);
    return data(
      {
        errors: serverFieldErrors(failure.details, EDITOR_FIELDS),
        message: failure.message,
        values,
      },
      { status: failure.status },
    );
  }
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Edit Page');

export default function EditPagePage({ loaderData, actionData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  const root = useRootData();
  const { user, site, posts, linkPosts, emailList, share } = loaderData;
  if (!user || !site) return null; // the guard redirected

  // The saved site goes into the persisted auth state, and the root loader reloads so every part
  // of the app that shows the site sees it as saved.
  function onSaved(saved: MySite) {
    const { user: current, setSession } = useAuthStore.getState();
    if (current) setSession(current, saved);
    void revalidate();
  }

  const page = `/${encodeURIComponent(site.username)}`;
  return (
    <div data-testid="edit-page-page">
      <PageHeader
        title="Edit Page"
        description="Make your page yours: its name, description, logo, colours and font. The preview shows every change as you make it; Save puts it on your page."
        actions={
          <>
            <Link to={page} className="btn btn-secondary" data-testid="site-view-link">
              View your page
            </Link>
            <Link to={`${page}-x`} className="btn btn-ghost" data-testid="site-card-link">
              Compact card
            </Link>
          </>
        }
      />
      <SiteEditor
        key={site._id}
        initial={site}
        posts={posts}
        currency={root?.config.currency ?? 'USD'}
        year={root?.year ?? new Date().getFullYear()}
        onSaved={onSaved}
        fallback={actionData ?? null}
      />
      <LinksSection
        key={`links-${site._id}`}
        initial={site}
        posts={linkPosts}
        currency={root?.config.currency ?? 'USD'}
        pageUrl={share?.url ?? (root ? `${root.config.appUrl}${page}` : null)}
        onSaved={onSaved}
      />
      {share ? <ShareSection share={share} siteName={site.name} /> : null}
      {emailList ? (
        <section aria-labelledby="email-list-title" className="card mt-10">
          <h2 id="email-list-title" className="mb-2 text-lg font-semibold text-gray-950">
            Your email list
          </h2>
          <p className="mb-3 text-sm text-gray-700">
            Visitors sign up on your page; each one confirms by email. They get a mail when you
            publish a new post.
          </p>
          <ListExportLinks stats={emailList} testId="my-email-list" />
        </section>
      ) : null}
      <LinkCards
        links={[
          { to: '/my-posts', title: 'My Posts', description: 'The posts shown on your page.' },
          {
            to: '/edit-profile',
            title: 'Edit profile',
            description: 'Your name, bio and picture.',
          },
          { to: '/plan-selection', title: 'Plans', description: 'More options on paid plans.' },
        ]}
      />
    </div>
  );
}
