/**
 * A quick Lighthouse check against a server that is already running (the bench's settings,
 * bench/lighthouse.ts): the sellers' pages and two others, one run each unless LIGHTHOUSE_RUNS
 * says otherwise — minutes instead of the bench's quarter of an hour, to compare before and after
 * a change (docs/decisions/048). The seller's newest post is asked of the API.
 *
 *   LIGHTHOUSE_RUNS=1 node --import tsx bench/lighthouse-quick.ts http://127.0.0.1:3160 [paths…]
 */
export {};

const [base = 'http://127.0.0.1:3000', ...asked] = process.argv.slice(2);
// Read by bench/lighthouse.ts when it loads: set before importing it.
process.env.LIGHTHOUSE_RUNS ??= '1';
const { measurePages, printScores } = await import('./lighthouse');
const { firstPostPath } = await import('./personal-pages');

const paths = asked.length ? asked : ['/maya', '/maya-x', await firstPostPath(base), '/', '/login'];
printScores(await measurePages(base, paths));
