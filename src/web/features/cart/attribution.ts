import type { Attribution, Landing } from '../../../shared/contracts/insights';
import { useCartStore, type CartItemInput } from './stores/cart-store';

// Where a cart line came from (issue 26, docs/decisions/071), kept in the browser — never a
// cookie. The page a visitor entered a seller's pages on (its query and referrer) is remembered
// per seller; when an item goes into the cart, the server decides its source from that and
// counts the cart, and the line keeps the answer until POST /orders credits the sale with it.

export const LANDING_STORAGE_KEY = 'landing';
/** Sellers remembered at most (the oldest entry goes first). */
const KEPT = 10;

type Landings = Record<string, Landing>;

export function readLandings(): Landings {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(LANDING_STORAGE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Landings) : {};
  } catch {
    return {};
  }
}

const LINK_ID = /^[0-9a-f-]{36}$/i;

/**
 * Called when a seller's page is opened (a full page load): an entry from elsewhere — another
 * site, a social app, a typed address, a campaign or a link of theirs — replaces what was kept
 * for that seller; moving between their own pages keeps it.
 */
export function rememberLanding(username: string) {
  try {
    const search = location.search;
    const params = new URLSearchParams(search);
    const campaign = params.has('src') || params.has('utm_source') || params.has('link');
    const from = document.referrer ? new URL(document.referrer).host : '';
    if (from === location.host && !campaign) return;
    const link = params.get('link');
    const landings = readLandings();
    delete landings[username];
    const kept = Object.entries(landings).slice(-(KEPT - 1));
    const landing: Landing = {
      search: search.slice(0, 2000),
      referrer: document.referrer.slice(0, 2000),
      linkId: link && LINK_ID.test(link) ? link : null,
      at: new Date().toISOString(),
    };
    localStorage.setItem(
      LANDING_STORAGE_KEY,
      JSON.stringify(Object.fromEntries([...kept, [username, landing]])),
    );
  } catch {
    // Storage full or blocked: the sale is credited to "direct", nothing else changes.
  }
}

/**
 * Adds a line to the cart; then counts it for the seller and keeps its credit on the line. The
 * call's code (and the contracts it carries) loads only now: a visitor's page does not ship it.
 */
export function addToCart(line: CartItemInput, username: string) {
  useCartStore.getState().addItem(line);
  const landing = readLandings()[username] ?? null;
  import('./attribution-calls')
    .then(({ creditCartLine }) => creditCartLine(line._id, landing))
    .catch(() => {
      // Not counted (offline, rate-limited): the line is bought all the same.
    });
}

/** What POST /orders is told about the lines' origins. */
export const attributionOf = (items: readonly { via?: Attribution }[]): Attribution[] =>
  items.flatMap((i) => (i.via ? [i.via] : []));
