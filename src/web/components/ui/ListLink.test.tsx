import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub, Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ServerListLink, type ListLinkProps } from './ListLink';

/** The HTML `element` renders to on a page of the app's router (a route a few levels down). */
function html(element: ReactElement) {
  const Stub = createRoutesStub([{ path: '/marketplace/:section', Component: () => element }]);
  return renderToString(<Stub initialEntries={['/marketplace/new?page=3']} />);
}

const LISTS: ListLinkProps[] = [
  { to: '/items/5f0c-77aa', className: 'after:absolute after:inset-0', children: 'Tea bowl' },
  {
    to: '/products/tags/caf%C3%A9',
    'aria-current': 'page',
    className: 'pill-link',
    children: '#café',
  },
  { to: '/maya/products/tags/retro-computing', className: 'pill-link', children: ['#', 'retro'] },
  { to: '/marketplace?page=2&sort=price', rel: 'next', className: 'page-link', children: 'Next' },
  { to: '/maya/tea-bowl-8Kd2', children: <span>Tea</span> },
  { to: '/products/tags/...', children: 'dots' },
];

/** Paths Link resolves or tidies before writing them: the server link leaves them to Link. */
const REWRITTEN = [
  '/products/tags/.',
  '/a/../b',
  '/a//b',
  '//elsewhere.test/x',
  '/x?',
  'tea',
  '/a\\b',
  '/x#top',
];

describe('ServerListLink', () => {
  it.each(LISTS)(
    'writes the <a> React Router’s Link writes, attribute for attribute: $to',
    (props) => {
      const ours = html(<ServerListLink {...props} />);
      expect(ours).toBe(html(<Link {...props} />));
      expect(ours).toContain('data-discover="true"');
    },
  );

  it('renders the <a> itself for an app path, without Link’s hooks', () => {
    for (const props of LISTS) expect((ServerListLink(props) as ReactElement).type).toBe('a');
  });

  it.each(REWRITTEN)('hands a path Link would rewrite to Link: %s', (to) => {
    expect((ServerListLink({ to }) as ReactElement).type).toBe(Link);
    expect(html(<ServerListLink to={to}>x</ServerListLink>)).toBe(html(<Link to={to}>x</Link>));
  });
});
