/**
 * A quick Lighthouse check against a server that is already running (the bench's settings,
 * bench/lighthouse.ts): the sellers' pages and two others, one run each unless LIGHTHOUSE_RUNS
 * says otherwise — minutes instead of the bench's quarter of an hour, to compare before and after
 * a change (docs/decisions/048). A post of the seller is picked from the seller's page.
 *
 *   LIGHTHOUSE_RUNS=1 node --import tsx bench/lighthouse-quick.ts http://127.0.0.1:3160 [paths…]
 */
export {};

const [base = 'http://127.0.0.1:3000', ...asked] = process.argv.slice(2);
// Read by bench/lighthouse.ts when it loads: set before importing it.
process.env.LIGHTHOUSE_RUNS ??= '1';
const { measurePages, printScores } = await import('./lighthouse');

async function aPostOf(seller: string): Promise<string> {
  const html = await (await fetch(`${base}${seller}`)).text();
  const post = new RegExp(`href="(${seller}/[0-9a-f-]{36})"`).exec(html)?.[1];
  if (!post) throw new Error(`no post linked from ${seller}`);
  return post;
}

const paths = asked.length ? asked : ['/maya', '/maya-x', await aPostOf('/maya'), '/', '/login'];
printScores(await measurePages(base, paths));
