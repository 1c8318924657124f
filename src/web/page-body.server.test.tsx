import { Suspense, use } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { pageBody } from './page-body.server';

/** Every chunk the body hands on, as text, until it ends. */
async function chunks(body: ReadableStream<Uint8Array>): Promise<string[]> {
  const reader = body.getReader();
  const out: string[] = [];
  for (let next = await reader.read(); !next.done; next = await reader.read())
    out.push(Buffer.from(next.value).toString('utf8'));
  return out;
}

const Cards = ({ count }: { count: number }) => (
  <ul>
    {Array.from({ length: count }, (_, i) => (
      <li key={i}>{`Card ${i} `.repeat(20)}</li>
    ))}
  </ul>
);

function render(
  page: React.ReactNode,
  onError?: (error: unknown) => void,
  firstChunk?: (html: Buffer) => Buffer,
) {
  const { sink, body } = pageBody(firstChunk);
  const { pipe } = renderToPipeableStream(page, {
    onShellReady: () => pipe(sink),
    onError,
  });
  return body;
}

describe('pageBody', () => {
  it('hands a page rendered in one go on as one chunk, however many views React wrote', async () => {
    // ~60 KB: React writes it in fifteen 4 KB views.
    const out = await chunks(render(<Cards count={300} />));
    expect(out).toHaveLength(1);
    expect(out[0]!.length).toBeGreaterThan(50_000);
    expect(out[0]).toMatch(/^<ul><li>Card 0 .*Card 299 .*<\/li><\/ul>$/s);
  });

  it('hands on a Suspense boundary that resolves later as a chunk of its own', async () => {
    let resolve!: (text: string) => void;
    const late = new Promise<string>((r) => (resolve = r));
    const Late = () => <b>{use(late)}</b>;
    const reader = render(
      <main>
        <Cards count={2} />
        <Suspense fallback={<i>loading</i>}>
          <Late />
        </Suspense>
      </main>,
    ).getReader();
    const shell = await reader.read();
    expect(Buffer.from(shell.value!).toString()).toContain('<i>loading</i>');
    resolve('arrived');
    const rest = await reader.read();
    expect(Buffer.from(rest.value!).toString()).toContain('<b>arrived</b>');
    expect((await reader.read()).done).toBe(true);
  });

  it('rewrites the first chunk only (the head and shell: first-paint.server.ts)', async () => {
    let resolve!: (text: string) => void;
    const late = new Promise<string>((r) => (resolve = r));
    const Late = () => <b>{use(late)}</b>;
    const rewrite = vi.fn((html: Buffer) =>
      Buffer.from(html.toString().replace('<main>', '<main data-rewritten="">')),
    );
    const reader = render(
      <main>
        <p>Café</p>
        <Suspense fallback={<i>loading</i>}>
          <Late />
        </Suspense>
      </main>,
      undefined,
      rewrite,
    ).getReader();
    const shell = Buffer.from((await reader.read()).value!).toString();
    expect(shell).toMatch(/^<main data-rewritten=""><p>Café<\/p>/);
    resolve('<main>');
    const rest = Buffer.from((await reader.read()).value!).toString();
    expect(rest).toContain('<b>&lt;main&gt;</b>');
    expect(rewrite).toHaveBeenCalledTimes(1);
  });

  it('stops the render when the body is cancelled (the visitor went away)', async () => {
    const onError = vi.fn();
    const never = new Promise<string>(() => {});
    const Never = () => <b>{use(never)}</b>;
    const reader = render(
      <main>
        <Suspense fallback={<i>loading</i>}>
          <Never />
        </Suspense>
      </main>,
      onError,
    ).getReader();
    await reader.read();
    await reader.cancel();
    await vi.waitFor(() => expect(onError).toHaveBeenCalled());
    expect(String(onError.mock.calls[0]![0])).toMatch(/closed early/);
  });

  it('errors the body when React gives up on the page after its shell', async () => {
    const { sink, body } = pageBody();
    const reader = body.getReader();
    sink.on('error', () => {}); // React listens to its destination's errors (its `pipe`)
    sink.write(new TextEncoder().encode('<html>'));
    sink.destroy(new Error('render failed'));
    await expect(reader.read()).rejects.toThrow('render failed');
  });
});
