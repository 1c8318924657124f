import { data, Form, useActionData, useNavigation } from 'react-router';
import type { Route } from './+types/add-tags';
import { PageHeader } from '../components/ui/page';
import { guardLoader } from '../features/accounts/guards';
import { apiHeaders, formText } from '../features/accounts/form-post';
import { listTags } from '../features/catalog/api/catalog-api';
import { TagLinks } from '../features/catalog/browse/TagLinks';
import { catalogApi } from '../../shared/api/catalog';
import { PRODUCT_LIMITS } from '../../shared/contracts/catalog-rules';
import { MESSAGES } from '../../shared/messages';
import { serverApi } from '../lib/api';
import { apiErrorMessage } from '../lib/errors';
import { pageMeta } from '../lib/meta';

const guard = guardLoader(['admin']);

/** /add-tags (admin): the available tags with their counts, and a form adding one (POST /tags). */
export async function loader(args: Route.LoaderArgs) {
  await guard(args);
  return { tags: await listTags(serverApi(args.context)) };
}

/** The form posts here with or without JavaScript; the API checks the caller is an admin. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const tag = formText(form, 'tag');
  try {
    const answer = await serverApi(context).call(
      catalogApi.addTag,
      { body: { tag } },
      { headers: apiHeaders(request) },
    );
    return { ok: true as const, message: `Tag “${answer.tag.name}” added.` };
  } catch (err) {
    return data(
      { ok: false as const, message: apiErrorMessage(err, MESSAGES.genericError) },
      { status: 400 },
    );
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'Tags (admin)', 'The tags sellers can put on their posts.');

export default function AddTagsPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  return (
    <div data-testid="add-tags-page">
      <PageHeader
        title="Tags (admin)"
        description="The tags sellers can put on their posts and buyers browse by. Add new tags and keep the list tidy."
      />
      <Form method="post" className="card mb-8 max-w-xl" data-testid="add-tag-form">
        <label htmlFor="tag" className="field-label">
          New tag
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id="tag"
            name="tag"
            required
            maxLength={PRODUCT_LIMITS.tagMax}
            className="input"
            aria-describedby="tag-status"
            aria-invalid={result && !result.ok ? true : undefined}
          />
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Add tag
          </button>
        </div>
        <p
          id="tag-status"
          role="status"
          data-testid="add-tag-status"
          className={`mt-2 text-sm ${result && !result.ok ? 'text-red-800' : 'text-gray-700'}`}
        >
          {result?.message ??
            `Lower case, at most ${PRODUCT_LIMITS.tagMax} characters; spaces are kept single.`}
        </p>
      </Form>
      <h2 className="mb-4 text-lg font-semibold text-gray-900">
        Available tags ({loaderData.tags.length})
      </h2>
      {loaderData.tags.length > 0 ? (
        <TagLinks tags={loaderData.tags} label="Available tags" />
      ) : (
        <p data-testid="list-empty">No tags yet: add the first one above.</p>
      )}
    </div>
  );
}
