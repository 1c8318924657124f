import { HONEYPOT_FIELD } from '../../../../shared/contracts/honeypot';

/**
 * The spam trap of a public form: an input people never see, reach or hear (visually hidden,
 * hidden from assistive technology, out of the tab order, no autofill), which bots that fill
 * every field fill. The server refuses a form that has it filled (docs/decisions/034).
 */
export function Honeypot({ id }: { id: string }) {
  return (
    <div className="sr-only" aria-hidden="true">
      <label htmlFor={id}>Website</label>
      <input id={id} name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
    </div>
  );
}

/**
 * Signing up to an email list: a plain HTML form posted to /email-list, whose route action calls
 * the API (which answers a refusal on that page). No script of its own, and kept small: it is in
 * the footer of every page and on sellers' pages, whose JavaScript budget is nearly spent.
 * `list`: a seller's username; without it, the marketplace's newsletter.
 */
export function ListSignupForm({
  id,
  list,
  source,
  title,
  button = 'btn btn-primary',
  email,
}: {
  id: string;
  list?: string | undefined;
  source: 'footer' | 'site' | 'page';
  title: string;
  button?: string;
  /** The address entered before (the form shown again after a refusal). */
  email?: string | undefined;
}) {
  return (
    <form method="post" action="/email-list" aria-label={title} data-testid={`${id}-form`}>
      <h2 className="font-semibold">{title}</h2>
      {list && <input type="hidden" name="list" value={list} />}
      <input type="hidden" name="source" value={source} />
      <label htmlFor={`${id}-email`} className="field-label mt-2">
        {/* Not "Email address": the page's own form (log in, reset) may have one of those. */}
        Your email
      </label>
      <div className="flex gap-2">
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          required
          className="input"
          autoComplete="email"
          defaultValue={email}
        />
        <button className={button}>Subscribe</button>
      </div>
      <Honeypot id={`${id}-website`} />
      <p className="mt-2 text-sm">We email you a link to confirm.</p>
    </form>
  );
}
