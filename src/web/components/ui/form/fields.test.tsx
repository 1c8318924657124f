import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SubmitButton } from './fields';

// The server's HTML is what a visitor can press before the page's script runs: a form that only
// script sends must not be submittable then (the browser would GET the page with every field in
// its address), while a form its route's action takes stays usable without JavaScript.

const button = (html: string) => /<button[^>]*>/.exec(html)?.[0] ?? '';

describe('SubmitButton before hydration', () => {
  it('is disabled in the server HTML of a form that script sends', () => {
    const html = renderToString(<SubmitButton pending={false}>Save</SubmitButton>);
    expect(button(html)).toMatch(/ disabled=""/);
    // Not announced as busy: it is not being sent, only not ready.
    expect(button(html)).not.toMatch(/aria-disabled/);
  });

  it('is enabled for a form its route action handles as a plain post', () => {
    const html = renderToString(
      <SubmitButton pending={false} worksWithoutScript>
        Log in
      </SubmitButton>,
    );
    expect(button(html)).not.toMatch(/disabled/);
  });

  it('says it is busy while pending, either way', () => {
    const html = renderToString(
      <SubmitButton pending pendingLabel="Saving…" worksWithoutScript>
        Save
      </SubmitButton>,
    );
    expect(button(html)).toMatch(/ disabled=""/);
    expect(button(html)).toMatch(/aria-disabled="true"/);
    expect(html).toContain('Saving…');
  });
});
