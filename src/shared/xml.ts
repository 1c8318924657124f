// Text inside XML documents the server writes (sitemaps, the SVG of share images).

/** Characters XML 1.0 forbids (most C0 controls, lone surrogates, U+FFFE/U+FFFF): a parser refuses the whole document. */
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** `text` without the characters XML 1.0 cannot hold. */
export const withoutNonXmlChars = (text: string): string => text.replace(NOT_XML, '');

/** Text as XML character data or an attribute value: markup characters escaped, forbidden ones dropped. */
export function escapeXml(text: string): string {
  return withoutNonXmlChars(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
