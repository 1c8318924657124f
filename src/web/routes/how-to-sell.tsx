import { Link } from 'react-router';
import type { Route } from './+types/how-to-sell';
import { PageHeader, Prose } from '../components/ui/page';
import { pageMeta } from '../lib/meta';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    'How to sell used PC hardware online',
    'A practical guide to pricing, photographing, describing and shipping used graphics cards, CPUs and other PC parts.',
  );

export default function HowToSellPage() {
  return (
    <article data-testid="how-to-sell-page">
      <PageHeader
        eyebrow="Selling guide"
        title="How to sell used PC hardware online"
        description="Upgraded your rig? Your old graphics card, CPU or RAM is worth real money to someone. Here is how to sell it quickly, safely and for a fair price."
      />
      <Prose>
        <h2>1. Test it and wipe it</h2>
        <ul>
          <li>
            Run the part in a working system: a stress test for GPUs and CPUs, a memory test for
            RAM, a health check for drives.
          </li>
          <li>
            Note anything a buyer should know — coil whine, a replaced fan, missing accessories.
          </li>
          <li>Securely erase storage drives. Deleting files or formatting is not enough.</li>
        </ul>
        <h2>2. Price it right</h2>
        <ul>
          <li>
            Look at what the same model recently sold for, not what people ask. Condition and the
            box matter.
          </li>
          <li>Remaining warranty and the original receipt add value — mention them.</li>
          <li>
            Set a realistic shipping cost: buyers see it next to the price, and the total includes
            10% tax.
          </li>
        </ul>
        <h2>3. Photograph it honestly</h2>
        <ul>
          <li>
            Use daylight and a plain background. Show every side, the connectors and the
            serial-number label.
          </li>
          <li>
            Include a photo of the part running (a screenshot of the system info works) to build
            trust.
          </li>
          <li>Photograph any scratches or marks up close. Surprises lead to returns.</li>
        </ul>
        <h2>4. Write a clear post</h2>
        <ul>
          <li>
            Title: brand, exact model and key spec — for example “RTX 3070 8 GB Founders Edition”.
          </li>
          <li>
            Description: age, how it was used, what is included, test results and the reason you are
            selling.
          </li>
          <li>
            Tags help buyers find it: add the part type and brand, and use the pc-hardware tag.
          </li>
        </ul>
        <h2>5. Pack it like it is fragile — because it is</h2>
        <ul>
          <li>
            Anti-static bag first, then padding all around in a sturdy box. Use the original box if
            you still have it.
          </li>
          <li>
            Ship with tracking and add the tracking number to the sale so the buyer can follow it.
          </li>
        </ul>
        <h2>6. Share it</h2>
        <p>
          Your post lives on your own page. Share the link where your audience hangs out — forums,
          Discord, social media — and answer questions quickly in Messages. Fast answers sell parts.
        </p>
        <p>
          Ready? <Link to="/login?action=register">Create your free page</Link> or, if you already
          have one, <Link to="/add-edit-item">post your first item</Link>.
        </p>
      </Prose>
    </article>
  );
}
