import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './support';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];

/** One line per rule, then each offending node's selector and axe's summary of what is wrong. */
function describeViolations(violations: Violations): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .map(
          (n) =>
            `    - ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ')}`,
        )
        .join('\n');
      return `  ${v.id} [${v.impact ?? 'n/a'}] ${v.help} (${v.helpUrl})\n${nodes}`;
    })
    .join('\n');
}

/** Waits for transitions (drawer, modal, fades) to end so colours are measured as seen. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() =>
    document
      .getAnimations()
      // Endless ones (spinners) never finish: only the finite ones are awaited.
      .every(
        (a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
}

/** Fails with every violation axe finds (WCAG 2.2 AA tags) on the page as it is now. */
export async function expectAccessible(page: Page, state: string) {
  await settle(page);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(
    violations.length,
    `${state}: ${violations.length} accessibility violation(s)\n${describeViolations(violations)}`,
  ).toBe(0);
}
