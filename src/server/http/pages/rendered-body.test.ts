import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { renderedBody } from './rendered-body';

const bytes = (text: string) => new TextEncoder().encode(text);

async function text(body: Buffer | Readable): Promise<string> {
  if (Buffer.isBuffer(body)) return body.toString('utf8');
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

describe('renderedBody', () => {
  it('takes a body rendered in one go as one buffer', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of ['<!DOCTYPE html>', '<html>', '<body>…</body>', '</html>'])
          controller.enqueue(bytes(part));
        controller.close();
      },
    });
    const out = await renderedBody(body);
    expect(Buffer.isBuffer(out)).toBe(true);
    expect(await text(out)).toBe('<!DOCTYPE html><html><body>…</body></html>');
  });

  it('takes a page handed over in one chunk as it is, without copying it', async () => {
    const page = bytes('<!DOCTYPE html><html><body>one piece</body></html>');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(page);
        controller.close();
      },
    });
    const out = await renderedBody(body);
    expect(Buffer.isBuffer(out)).toBe(true);
    expect((out as Buffer).buffer).toBe(page.buffer);
    expect(await text(out)).toBe('<!DOCTYPE html><html><body>one piece</body></html>');
  });

  it('streams a body that is still rendering: what is ready at once, the rest as it comes', async () => {
    let finish!: () => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes('<html><body>shell'));
        // A Suspense boundary waiting for its data: the rest comes when the test says so.
        finish = () => {
          controller.enqueue(bytes('<template>late</template></body></html>'));
          controller.close();
        };
      },
    });
    const out = await renderedBody(body);
    expect(out).toBeInstanceOf(Readable);
    const stream = out as Readable;
    const first = await new Promise<Buffer>((resolve) => stream.once('data', resolve));
    expect(first.toString('utf8')).toBe('<html><body>shell');
    const rest = text(stream);
    finish();
    expect(await rest).toBe('<template>late</template></body></html>');
  });

  it('cancels the render when the client goes away mid-stream', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes('shell'));
      },
      cancel() {
        cancelled = true;
      },
    });
    const stream = (await renderedBody(body)) as Readable;
    await new Promise((resolve) => stream.once('data', resolve));
    stream.destroy();
    await expect.poll(() => cancelled).toBe(true);
  });
});
