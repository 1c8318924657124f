import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../../../shared/contracts/catalog';
import { ManageControls } from './ManageControls';

// The status select and Delete call the API from script: in the server's HTML (before the page
// hydrates) a choice would do nothing and be reset, so they are disabled; Edit is a plain link.

const product = { _id: 'p1', title: 'Tea bowl', status: 'published' } as Product;

function serverHtml() {
  const Stub = createRoutesStub([
    { path: '/', Component: () => <ManageControls product={product} onChanged={() => {}} /> },
  ]);
  return renderToString(<Stub initialEntries={['/']} />);
}

const tag = (html: string, testId: string) =>
  new RegExp(`<[a-z]+[^>]*data-testid="${testId}"[^>]*>`).exec(html)?.[0] ?? '';

describe('ManageControls before hydration', () => {
  it('keeps the status and Delete disabled, the Edit link usable', () => {
    const html = serverHtml();
    expect(tag(html, 'manage-status')).toMatch(/ disabled=""/);
    expect(tag(html, 'manage-delete')).toMatch(/ disabled=""/);
    expect(tag(html, 'manage-edit')).toMatch(/href="\/add-edit-item\/p1"/);
    expect(tag(html, 'manage-edit')).not.toMatch(/disabled/);
  });
});
