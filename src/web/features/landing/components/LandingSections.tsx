import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useBrandName } from '../../../lib/root-data';
import { SIGN_UP } from '../../../lib/navigation';

// The building blocks of the landing pages (SPEC §2 home and landing routes). Plain markup, no
// state: every landing page is rendered on the server and costs only its route's small chunk.

export interface LandingHero {
  eyebrow: string;
  title: string;
  lead: string;
}

export const SIGN_UP_PATH = SIGN_UP.to;

/** The page's h1 with its pitch and the two ways in; `children` goes under the buttons. */
export function Hero({ hero, children }: { hero: LandingHero; children?: ReactNode }) {
  return (
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
            to={SIGN_UP_PATH}
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
        {children ?? (
          <p className="mt-4 text-sm text-gray-700">
            Free plan available · No credit card needed to sign up
          </p>
        )}
      </div>
    </section>
  );
}

/** A titled band of the page; `tinted` alternates the background so long pages read in parts. */
export function Section({
  id,
  title,
  lead,
  tinted = false,
  children,
}: {
  id: string;
  title: string;
  lead?: string;
  tinted?: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className={tinted ? 'bg-gray-50' : undefined}>
      <div className="container-page py-16">
        <h2
          id={`${id}-heading`}
          className="text-2xl font-bold tracking-tight text-gray-950 md:text-3xl"
        >
          {title}
        </h2>
        {lead && <p className="mt-3 max-w-2xl text-lg text-gray-700">{lead}</p>}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}

export interface TitledText {
  title: string;
  text: string;
}

/** Numbered steps in a row (a column on phones). */
export function Steps({ steps }: { steps: readonly TitledText[] }) {
  return (
    <ol className="grid gap-6 md:grid-cols-3">
      {steps.map((step, i) => (
        <li key={step.title} className="rounded-2xl border border-gray-200 bg-white p-6">
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
  );
}

/** Cards of title and text in a grid. */
export function CardGrid({ items }: { items: readonly TitledText[] }) {
  return (
    <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {items.map((f) => (
        <li key={f.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200">
          <h3 className="font-semibold text-gray-950">{f.title}</h3>
          <p className="mt-2 text-gray-700">{f.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** Questions and answers that open without JavaScript (`<details>`). */
export function Faq({ items }: { items: readonly { q: string; a: string }[] }) {
  return (
    <div className="max-w-3xl divide-y divide-gray-200 rounded-2xl border border-gray-200 bg-white">
      {items.map((item) => (
        <details key={item.q} className="group p-5">
          <summary className="cursor-pointer list-none font-semibold text-gray-950 marker:hidden">
            <span className="flex items-center justify-between gap-4">
              {item.q}
              <span aria-hidden="true" className="text-indigo-700 group-open:rotate-45">
                +
              </span>
            </span>
          </summary>
          <p className="mt-3 text-gray-700">{item.a}</p>
        </details>
      ))}
    </div>
  );
}

/** The closing call to action. */
export function ClosingCta({ title, text }: { title: string; text?: string }) {
  const brand = useBrandName();
  return (
    <section aria-labelledby="cta-heading" className="container-page py-16">
      <div className="rounded-3xl bg-indigo-800 px-6 py-12 text-center text-white md:px-12">
        <h2 id="cta-heading" className="text-2xl font-bold md:text-3xl">
          {title}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-indigo-100">
          {text ?? `Join ${brand} in a minute and turn the link in your bio into a storefront.`}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link
            to={SIGN_UP_PATH}
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
  );
}
