import { Link } from 'react-router';
import type { Route } from './+types/privacy';
import { PageHeader, Prose } from '../components/ui/page';
import {
  BROWSER_STORAGE,
  COOKIES,
  PROCESSORS,
  STORED_DATA,
} from '../features/landing/content/privacy';
import { pageMeta } from '../lib/meta';
import { useBrandName } from '../lib/root-data';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    'Privacy policy',
    'Exactly what we store about you, why, for how long, who processes it and the cookies we use.',
  );

/**
 * The lists come from features/landing/content/privacy.ts, which a test keeps in step with the
 * database schema, the cookies and the browser storage the code uses. Served as data: the words
 * never enter the page's JavaScript (docs/decisions/036).
 */
export function loader() {
  return {
    stored: STORED_DATA,
    cookies: COOKIES,
    storage: BROWSER_STORAGE,
    processors: PROCESSORS,
  };
}

export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  const { stored, cookies, storage, processors } = loaderData;
  const brand = useBrandName();
  return (
    <article data-testid="privacy-page">
      <PageHeader
        title="Privacy policy"
        description={`What ${brand} stores about you, why, for how long, and the choices you have.`}
      />
      <Prose>
        <p>
          We collect only what the service needs to work: to run your account and page, process
          orders and payments, and keep the marketplace safe. We do not sell personal data, we show
          no advertising and we use no tracking or advertising cookies.
        </p>
        <p>
          Sellers see how their pages are visited and what sells from them, counted on our server
          without cookies and without keeping who you are:{' '}
          <Link to="/how-we-count" data-testid="privacy-how-we-count">
            how we count
          </Link>{' '}
          says exactly what is recorded and for how long.
        </p>
        <nav aria-label="On this page">
          <ul>
            <li>
              <a href="#what-we-store">What we store and why</a>
            </li>
            <li>
              <a href="#cookies">Cookies and browser storage</a>
            </li>
            <li>
              <a href="#processors">Who processes it for us</a>
            </li>
            <li>
              <a href="#rights">Your rights</a>
            </li>
          </ul>
        </nav>
        <h2 id="what-we-store">What we store and why</h2>
        {stored.map((section) => (
          <section
            key={section.id}
            aria-labelledby={`data-${section.id}`}
            data-privacy-section={section.id}
          >
            <h3 id={`data-${section.id}`}>{section.title}</h3>
            <ul>
              {section.what.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
            <p>
              <strong>Why:</strong> {section.why}
            </p>
            <p>
              <strong>How long:</strong> {section.howLong}
            </p>
          </section>
        ))}

        <h2 id="cookies">Cookies and browser storage</h2>
        <p>
          {brand} sets only the cookies it needs to keep you signed in and to remember that you saw
          the cookie notice. All are our own; none tracks you or is used for advertising.
        </p>
      </Prose>
      <div className="prose-page overflow-x-auto">
        <table data-testid="cookie-table">
          <caption className="sr-only">Cookies we set</caption>
          <thead>
            <tr>
              <th scope="col">Cookie</th>
              <th scope="col">What it does</th>
              <th scope="col">How long</th>
            </tr>
          </thead>
          <tbody>
            {cookies.map((c) => (
              <tr key={c.name}>
                <th scope="row">
                  <code>{c.name}</code>
                </th>
                <td>
                  {c.purpose}
                  {c.httpOnly && ' Page scripts cannot read it.'}
                </td>
                <td>{c.lifetime}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Prose>
        <p>
          Your cart and a few settings live in your browser&apos;s own storage, not in cookies. They
          stay on your device; the cart reaches us only when you check out.
        </p>
        <ul>
          {storage.map((s) => (
            <li key={s.key}>
              <code>{s.key}</code> ({s.where === 'localStorage' ? 'kept' : 'this tab only'}):{' '}
              {s.purpose}
            </li>
          ))}
        </ul>

        <h2 id="processors">Who processes it for us</h2>
        <ul>
          {processors.map((p) => (
            <li key={p.name}>
              <strong>{p.name}</strong>: {p.role}
            </li>
          ))}
        </ul>
        <p>
          Other members see what you make public: your page, posts, likes you give to public posts,
          comments once approved and your public messages. A seller sees your name and the shipping
          address (with its phone number) of the orders you place with them. We disclose data to
          authorities only where the law requires it.
        </p>

        <h2 id="rights">Your rights</h2>
        <p>
          You can see and correct your details in <Link to="/edit-profile">your profile</Link>,
          choose your notification emails there, unsubscribe from any list with the link in its
          emails, and remove your posts, comments and messages. To get a copy of your data, have it
          corrected or your account deleted, write to us through the{' '}
          <Link to="/contact">contact page</Link>; we answer within 30 days. Where the law gives you
          the right, you may also object to how we use your data or complain to your data protection
          authority.
        </p>
      </Prose>
    </article>
  );
}
