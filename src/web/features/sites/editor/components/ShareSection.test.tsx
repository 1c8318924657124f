import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { QR_PNG_PATH, ShareSection } from './ShareSection';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path fill="#fff7ed" d="M0 0h29v29H0z"/></svg>';

describe('ShareSection', () => {
  it('shows the code as an image with its address, the PNG download, Copy and Share', () => {
    const html = renderToString(
      <ShareSection share={{ url: 'https://market.example/maya', svg: SVG }} siteName="Maya's Studio" />,
    );
    expect(html).toContain('Share your page');
    expect(html).toContain(
      `src="data:image/svg+xml;charset=utf-8,${encodeURIComponent(SVG).replaceAll('&', '&amp;')}"`,
    );
    expect(html).toContain('alt="QR code of your page, https://market.example/maya"');
    expect(html).toContain(`href="${QR_PNG_PATH}" download=""`);
    expect(html).toContain('>Download PNG</a>');
    expect(html).toContain('aria-label="Copy your page’s address"');
    expect(html).toContain('data-testid="share-page-button"');
  });
});
