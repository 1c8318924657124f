import { Link } from 'react-router';
import type { Route } from './+types/careers';
import { PageHeader, Prose } from '../components/ui/page';
import { pageMeta } from '../lib/meta';
import { useBrandName } from '../lib/root-data';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    'Careers',
    'A small team building the simplest way for creators to sell to their followers. How we work and how to get in touch.',
  );

export default function CareersPage() {
  const brand = useBrandName();
  return (
    <article data-testid="careers-page">
      <PageHeader
        title={`Careers at ${brand}`}
        description="We are a small team building the simplest way for creators and small sellers to sell to their followers."
      />
      <Prose>
        <h2 id="team">A small team, on purpose</h2>
        <p>
          {brand} is built and run by a handful of people. Everyone writes code, answers sellers and
          reads the moderation queue now and then — it keeps us close to the people who use what we
          build. We grow only when the work truly needs another person.
        </p>
        <h2 id="how-we-work">How we work</h2>
        <ul>
          <li>
            Remote first, with a few hours of overlap each day. Decisions are written down, so
            anyone can read why things are the way they are.
          </li>
          <li>
            Small changes, shipped often, with tests. We would rather fix one thing properly than
            start three.
          </li>
          <li>
            Accessibility and speed are features: our pages work with a keyboard and a screen reader
            and load quickly on a phone in a social app.
          </li>
          <li>We talk to sellers every week, and their problems set our priorities.</li>
        </ul>
        <h2 id="open-roles">Open roles</h2>
        <p>
          We have no open roles right now, and we do not use recruiters or job boards. When we hire,
          the role is posted on this page first.
        </p>
        <h2 id="get-in-touch">Get in touch anyway</h2>
        <p>
          If you would like to work with us — engineering, design, trust and safety or helping
          sellers — write to us through the <Link to="/contact">contact page</Link> with
          &ldquo;Careers&rdquo; in the subject. Tell us a little about yourself and link to
          something you made or shipped; no cover letter needed. A person reads every message, and
          we keep your note only for as long as we might have a role for you (see our{' '}
          <Link to="/privacy">privacy policy</Link>).
        </p>
      </Prose>
    </article>
  );
}
