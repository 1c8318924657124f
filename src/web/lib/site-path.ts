/** `/{username}` and the pages below it, each segment encoded: sitePath('maya', 'products'). */
export function sitePath(username: string, ...segments: string[]): string {
  return [username, ...segments].map((s) => `/${encodeURIComponent(s)}`).join('');
}
