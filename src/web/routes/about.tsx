import { Link } from 'react-router';
import type { Route } from './+types/about';
import { PageHeader, Prose } from '../components/ui/page';
import { pageMeta } from '../lib/meta';
import { useBrandName } from '../lib/root-data';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'About', 'Who we are and why we turn links in bio into storefronts.');

export default function AboutPage() {
  const brand = useBrandName();
  return (
    <article data-testid="about-page">
      <PageHeader
        title={`About ${brand}`}
        description="We help creators and small sellers turn the audience they already have into customers — without running a separate shop."
      />
      <Prose>
        <h2>Why we exist</h2>
        <p>
          Most people who sell online today start on social media. They post their work, collect
          followers and then send everyone to a link in their bio — a list of links to a shop here,
          a payment page there and a form somewhere else. Every extra hop loses buyers. {brand} puts
          all of it on one page under your own name: your branding, your posts, a cart and a card
          checkout.
        </p>
        <h2>What you can do here</h2>
        <ul>
          <li>Build a page at your own username, with your logo, colours and font.</li>
          <li>Publish posts with photos, video, tags and a price — and sell them directly.</li>
          <li>Grow an audience with followers, likes, moderated comments and messages.</li>
          <li>Take card payments, track orders and mark them shipped with a tracking number.</li>
          <li>Collect email sign-ups for your own list and generate images for your posts.</li>
        </ul>
        <h2>How we work</h2>
        <ul>
          <li>
            Fees are simple and published on our <Link to="/pricing">pricing page</Link>: start free
            and pay a small share of each sale, less on a paid plan.
          </li>
          <li>
            Card payments are processed by our payment provider, Stripe; we never see or store full
            card numbers. Sellers are paid out once they ship.
          </li>
          <li>
            We never sell your data or show advertising, and we use no tracking cookies — our{' '}
            <Link to="/privacy">privacy policy</Link> lists everything we store and why.
          </li>
          <li>
            Comments are approved before they appear, anyone can report a problem and our moderators
            act on every report.
          </li>
        </ul>
        <h2>Get in touch</h2>
        <p>
          Questions, partnership ideas or press? <Link to="/contact">Contact us</Link>. Curious
          about the team? Read about <Link to="/careers">working with us</Link>, or start with our
          guide to{' '}
          <Link to="/how-to-sell-used-pc-hardware-online">selling used PC hardware online</Link>.
        </p>
      </Prose>
    </article>
  );
}
