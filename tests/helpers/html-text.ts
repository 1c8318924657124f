/**
 * The text a person reads in server-rendered HTML, for component tests that render to a string:
 * React's `<!-- -->` separators go (they split one run of text), tags become spaces, the
 * entities React writes are decoded, and whitespace is collapsed.
 */
export const htmlText = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
