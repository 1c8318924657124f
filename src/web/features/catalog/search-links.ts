/** Where a search result leads: a member's page (/{username}) or a post (/items/{id}). */
export const personHref = (username: string) => `/${encodeURIComponent(username)}`;
export const itemHref = (p: { _id: string }) => `/items/${encodeURIComponent(p._id)}`;
