import { Link } from 'react-router';
import { useBrandName } from '../../../lib/root-data';

export interface LandingHero {
  eyebrow: string;
  title: string;
  lead: string;
}

const STEPS = [
  {
    title: 'Claim your page',
    text: 'Sign up, pick your username and your page is live at one short link. Add your name, logo, colours and font so it looks like you.',
  },
  {
    title: 'Post what you sell',
    text: 'Publish posts with photos, video, tags and a price. Art prints, vintage finds, used PC parts, presets: if you can ship it or send it, you can sell it.',
  },
  {
    title: 'Share and get paid',
    text: 'Put the link in your bio. Followers browse, like, comment and check out by card; you get notified, ship with a tracking number and get paid out.',
  },
] as const;

const FEATURES = [
  {
    title: 'Link-in-bio that sells',
    text: 'One link for every profile. Your page, your posts, a real checkout — no separate shop to run.',
  },
  {
    title: 'Your brand, not ours',
    text: 'Header, footer, button colours and font are yours to choose, with your logo, your name or both.',
  },
  {
    title: 'Card payments built in',
    text: 'Buyers pay by card through our payment provider. Sales and payouts show up in one place.',
  },
  {
    title: 'Community included',
    text: 'Followers, likes, moderated comments and direct messages keep buyers coming back.',
  },
  {
    title: 'Made for phones',
    text: 'Pages load fast from social apps and look right on any screen, with rich link previews.',
  },
  {
    title: 'Free to start',
    text: 'Start on the free plan and upgrade when you need more. Switch back any time.',
  },
] as const;

/** The product's landing page (SPEC §2 home and landing routes); `hero` varies per route. */
export function LandingPage({ hero }: { hero: LandingHero }) {
  const brand = useBrandName();
  return (
    <>
      <section className="bg-gradient-to-b from-indigo-50 to-white">
        <div className="container-page py-16 md:py-24">
          <p className="text-sm font-semibold uppercase tracking-wide text-indigo-700">
            {hero.eyebrow}
          </p>
          <h1 className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight text-gray-950 md:text-6xl">
            {hero.title}
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-gray-700 md:text-xl">{hero.lead}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link
              to="/login?action=register"
              className="btn btn-primary px-6 py-3 text-base"
              data-testid="hero-signup"
            >
              Create your free page
            </Link>
            <Link
              to="/all-posts"
              className="btn btn-secondary px-6 py-3 text-base"
              data-testid="hero-browse"
            >
              Browse the marketplace
            </Link>
          </div>
          <p className="mt-4 text-sm text-gray-700">
            Free plan available · No credit card needed to sign up
          </p>
        </div>
      </section>

      <section aria-labelledby="how-heading" className="container-page py-16">
        <h2
          id="how-heading"
          className="text-2xl font-bold tracking-tight text-gray-950 md:text-3xl"
        >
          How it works
        </h2>
        <ol className="mt-8 grid gap-6 md:grid-cols-3">
          {STEPS.map((step, i) => (
            <li key={step.title} className="rounded-2xl border border-gray-200 p-6">
              <span
                aria-hidden="true"
                className="inline-flex size-9 items-center justify-center rounded-full bg-indigo-700 font-bold text-white"
              >
                {i + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-gray-950">{step.title}</h3>
              <p className="mt-2 text-gray-700">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="features-heading" className="bg-gray-50">
        <div className="container-page py-16">
          <h2
            id="features-heading"
            className="text-2xl font-bold tracking-tight text-gray-950 md:text-3xl"
          >
            Everything a creator shop needs
          </h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map((f) => (
              <li key={f.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200">
                <h3 className="font-semibold text-gray-950">{f.title}</h3>
                <p className="mt-2 text-gray-700">{f.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="cta-heading" className="container-page py-16">
        <div className="rounded-3xl bg-indigo-800 px-6 py-12 text-center text-white md:px-12">
          <h2 id="cta-heading" className="text-2xl font-bold md:text-3xl">
            Your followers are ready. Is your shop?
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-indigo-100">
            Join {brand} in a minute and turn the link in your bio into a storefront.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link
              to="/login?action=register"
              className="btn bg-white px-6 py-3 text-base text-indigo-900 hover:bg-indigo-50"
            >
              Sign up free
            </Link>
            <Link
              to="/how-to-sell-used-pc-hardware-online"
              className="btn border-indigo-300 px-6 py-3 text-base text-white hover:bg-indigo-700"
            >
              Read a selling guide
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}

/** Hero copy per landing route. */
export const HEROES = {
  home: {
    eyebrow: 'Link in bio + storefront',
    title: 'Your link in bio, now a storefront.',
    lead: 'Build a page under your own name, post what you make or sell, and get paid by card — all from the one link your followers already tap.',
  },
  indexLanding: {
    eyebrow: 'For creators and small sellers',
    title: 'Sell where your audience already is.',
    lead: 'A branded page, posts with prices, a cart and card checkout behind one short link. Set it up in minutes and share it everywhere.',
  },
  indexOld: {
    eyebrow: 'The classic page',
    title: 'One page. All your posts. Real checkout.',
    lead: 'Everything you publish lives on a page with your name on it, and every post can be bought on the spot.',
  },
  landingOld: {
    eyebrow: 'Start selling today',
    title: 'From follower to buyer in two taps.',
    lead: 'Share posts people can like, comment on and buy. Orders, shipping and payouts are handled in one dashboard.',
  },
} satisfies Record<string, LandingHero>;

/** Hero for /index-{product}bio: the link-in-bio pitched at one kind of seller. */
export function productHero(label: string): LandingHero {
  return {
    eyebrow: `Link in bio for ${label}`,
    title: `The link-in-bio storefront for ${label}.`,
    lead: `Show your ${label.toLowerCase()} on a page with your branding, price every post and take card payments — straight from the link in your bio.`,
  };
}
