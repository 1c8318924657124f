import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * A local stand-in for OpenAI's Images API (POST /v1/images/generations) on 127.0.0.1: it records
 * each request (headers and JSON body) and answers like OpenAI — `data: [{ b64_json }]` by default,
 * `url`s it serves itself when asked (`answer: 'url'`), or an error body scripted by a test.
 */
export interface RecordedCall {
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

export interface OpenAiStandIn {
  url: string;
  calls: RecordedCall[];
  /** How the next generations are answered. */
  answer: 'b64' | 'url' | 'not-an-image' | 'hang' | { status: number; error: object };
  close(): Promise<void>;
}

/** A PNG of one colour, distinct per call and picture, as OpenAI would return. */
const png = (seed: number) =>
  sharp({
    create: {
      width: 1024,
      height: 1024,
      channels: 3,
      background: { r: (seed * 67) % 256, g: (seed * 131) % 256, b: 200 },
    },
  })
    .png()
    .toBuffer();

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
}

export async function startOpenAiStandIn(): Promise<OpenAiStandIn> {
  const files = new Map<string, Buffer>();
  const hanging = new Set<ServerResponse>();
  let seq = 0;
  const standIn: OpenAiStandIn = {
    url: '',
    calls: [],
    answer: 'b64',
    close: async () => {
      hanging.forEach((res) => res.destroy());
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (req.method === 'GET' && files.has(path)) {
        res.writeHead(200, { 'content-type': 'image/png' });
        return res.end(files.get(path));
      }
      if (req.method !== 'POST' || path !== '/v1/images/generations')
        return send(res, 404, {
          error: { message: 'Unknown path', type: 'invalid_request_error' },
        });
      const body = await readJson(req);
      standIn.calls.push({ path, authorization: req.headers.authorization, body });
      const answer = standIn.answer;
      if (answer === 'hang') return void hanging.add(res);
      if (typeof answer === 'object') return send(res, answer.status, { error: answer.error });
      const n = Number(body.n ?? 1);
      const data = [];
      for (let i = 0; i < n; i++) {
        seq += 1;
        const bytes = answer === 'not-an-image' ? Buffer.from('<html>oops</html>') : await png(seq);
        if (answer === 'url') {
          files.set(`/files/${seq}.png`, bytes);
          data.push({ url: `${standIn.url}/files/${seq}.png` });
        } else data.push({ b64_json: bytes.toString('base64') });
      }
      send(res, 200, { created: Math.floor(Date.now() / 1000), data });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return standIn;
}
