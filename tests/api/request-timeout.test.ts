import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '../../src/server/http/boot/app';
import { createTestApp, type TestApp } from '../helpers/app';

/**
 * A client that never finishes sending its request (a slow-loris) is cut off with 408 instead of
 * holding a connection and its buffers open for ever.
 */
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({}, {}, { requestTimeoutMs: 300 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t?.close());

describe('request timeout', () => {
  it('is on by default', () => {
    expect(REQUEST_TIMEOUT_MS).toBeGreaterThan(0);
    expect(REQUEST_TIMEOUT_MS).toBeLessThanOrEqual(120_000);
  });

  it('answers 408 and closes a request whose body never arrives', async () => {
    const socket = connect(port, '127.0.0.1');
    const answer = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
    });
    socket.write('POST /api/v1/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"em');
    expect(await answer).toMatch(/^HTTP\/1\.1 408/);
  });
});
