import { useId } from 'react';
import { Form } from 'react-router';
import { PRODUCT_LIMITS } from '../../../../shared/contracts/catalog-rules';
import { sitePath } from '../site-paths';

/**
 * The search box of a seller's page: a GET form to their products page (`?q=`), which then lists
 * their matching posts only (POST /products/search with `username`). A plain form, so it works
 * before and without JavaScript; with it, React Router navigates without a full load.
 */
export function SiteSearch({
  username,
  name,
  q = '',
}: {
  username: string;
  /** The site's name, for the label ("Search Maya Chen Ceramics"). */
  name: string;
  /** The search being shown, kept in the box to refine. */
  q?: string;
}) {
  const id = useId();
  return (
    <Form
      method="get"
      action={`${sitePath(username)}/products`}
      role="search"
      aria-labelledby={`${id}-label`}
      className="site-search"
      data-testid="site-search"
    >
      <label id={`${id}-label`} htmlFor={`${id}-q`} className="font-semibold">
        Search <bdi>{name}</bdi>
      </label>
      <div className="site-search-row">
        <input
          id={`${id}-q`}
          type="search"
          name="q"
          // A new search replaces the box's text: keyed so a client navigation shows the new one.
          key={q}
          defaultValue={q}
          maxLength={PRODUCT_LIMITS.searchQueryMax}
          placeholder="Title, tag or word"
          autoComplete="off"
          enterKeyHint="search"
          className="input"
          data-testid="site-search-input"
        />
        <button type="submit" className="btn btn-site" data-testid="site-search-submit">
          Search
        </button>
      </div>
    </Form>
  );
}
