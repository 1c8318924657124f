import { connect } from 'node:net';
import { expect, test } from './support';

/** The real page renderer never answers 500 to what a client sends (security review). */

/** Sends one raw HTTP/1.1 request and resolves with its status line (Host as given, unchecked). */
function rawStatusLine(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('close', () => resolve(text.split('\r\n')[0] ?? ''));
    socket.on('error', reject);
    socket.write(request);
  });
}

test('methods pages do not have get 405, not a server error', async ({ request }) => {
  for (const method of ['TRACE', 'OPTIONS', 'PUT', 'DELETE']) {
    const res = await request.fetch('/about', { method });
    expect(res.status(), method).toBe(405);
  }
});

test('POST /login with JSON or with nothing is refused as bad input', async ({ request }) => {
  const json = await request.post('/login', { data: { email: 'maya', password: 'x' } });
  expect(json.status()).toBe(415);
  const empty = await request.post('/login');
  expect(empty.status()).toBe(400);
  // A real form post still reaches the page's action (a wrong password: the page again, 401).
  const form = await request.post('/login', {
    form: { email: 'maya', password: 'not-the-password' },
  });
  expect(form.status()).toBe(401);
});

test('a malformed Host header gets 400, not a render failure', async ({ baseURL }) => {
  const port = Number(new URL(baseURL!).port);
  for (const host of ['bad host name', '[::1', 'exa%mple.com']) {
    const line = await rawStatusLine(
      port,
      `GET /about HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
    );
    expect(line, host).toMatch(/^HTTP\/1\.1 400 /);
  }
  const ok = await rawStatusLine(
    port,
    `GET /about HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
  );
  expect(ok).toMatch(/^HTTP\/1\.1 200 /);
});
