import { Link } from 'react-router';
import type { ProductPitch } from '../content/products';
import { ClosingCta, Hero, Section, Steps, type TitledText } from './LandingSections';

/**
 * /index-{product}bio: the link-in-bio pitched at one kind of seller (a configured slug). The words
 * come from the loader (`productPitch`, content/products.ts), not from the page's JavaScript.
 */
export function ProductLanding({
  slug,
  label,
  pitch,
  steps,
}: {
  slug: string;
  label: string;
  pitch: ProductPitch;
  steps: readonly TitledText[];
}) {
  return (
    <div data-testid="product-landing" data-product={slug}>
      <Hero hero={pitch.hero} />
      <Section id="examples" title={`What ${label.toLowerCase()} sellers post`}>
        <ul className="grid gap-3 md:grid-cols-2">
          {pitch.examples.map((e) => (
            <li
              key={e}
              className="flex items-start gap-3 rounded-xl border border-gray-200 p-4 text-gray-800"
            >
              <span aria-hidden="true" className="font-bold text-indigo-700">
                ✓
              </span>
              {e}
            </li>
          ))}
        </ul>
      </Section>
      <Section id="tips" title="Tips that sell" tinted>
        <Steps steps={pitch.tips} />
        {pitch.guide && (
          <p className="mt-8">
            <Link to={pitch.guide.to} className="link font-semibold">
              {pitch.guide.title}
            </Link>
          </p>
        )}
      </Section>
      <Section id="how" title="How it works">
        <Steps steps={steps} />
      </Section>
      <ClosingCta title={`Start selling ${label.toLowerCase()} today`} />
    </div>
  );
}
