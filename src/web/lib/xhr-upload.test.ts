import { describe, expect, it } from 'vitest';
import { createXhrUpload, parseResponseHeaders, type XhrLike } from './xhr-upload';

/** A scripted stand-in for XMLHttpRequest: records the request, then plays back events. */
class FakeXhr implements XhrLike {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  aborted = false;
  status = 0;
  responseText = '';
  responseHeaders = '';
  upload: XhrLike['upload'] = { onprogress: null };
  onload: XhrLike['onload'] = null;
  onerror: XhrLike['onerror'] = null;
  onabort: XhrLike['onabort'] = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body?: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.({} as ProgressEvent);
  }
  getAllResponseHeaders() {
    return this.responseHeaders;
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  respond(status: number, text: string, headers = 'content-type: application/json\r\n') {
    this.status = status;
    this.responseText = text;
    this.responseHeaders = headers;
    this.onload?.({} as ProgressEvent);
  }
}

function setup() {
  const xhrs: FakeXhr[] = [];
  const upload = createXhrUpload(() => {
    const x = new FakeXhr();
    xhrs.push(x);
    return x;
  });
  return { xhrs, upload };
}

describe('createXhrUpload', () => {
  it('sends method, headers and body, reports progress, and resolves with a Response', async () => {
    const { xhrs, upload } = setup();
    const seen: number[] = [];
    const form = new FormData();
    const pending = upload(
      '/api/v1/profiles/media',
      {
        method: 'PUT',
        headers: { 'x-access-token': 't1', accept: 'application/json' },
        body: form,
      },
      (f) => seen.push(f),
    );
    const xhr = xhrs[0]!;
    expect([xhr.method, xhr.url, xhr.body]).toEqual(['PUT', '/api/v1/profiles/media', form]);
    expect(xhr.headers['x-access-token']).toBe('t1');
    xhr.progress(50, 200);
    xhr.progress(200, 200);
    xhr.respond(200, '{"user":{"_id":"u1"}}');
    const res = await pending;
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({ user: { _id: 'u1' } });
    // 1 only once the server has answered
    expect(seen).toEqual([0.25, 0.99, 1]);
  });

  it('passes error statuses through as Responses (the client turns them into ApiErrors)', async () => {
    const { xhrs, upload } = setup();
    const pending = upload('/x', { method: 'PUT', headers: {} }, () => {});
    xhrs[0]!.respond(401, '{"message":"expired"}');
    const res = await pending;
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'expired' });
  });

  it('rejects on network errors and on abort', async () => {
    const { xhrs, upload } = setup();
    const failing = upload('/x', { method: 'PUT', headers: {} }, () => {});
    xhrs[0]!.onerror?.({} as ProgressEvent);
    await expect(failing).rejects.toBeInstanceOf(TypeError);

    const controller = new AbortController();
    const aborted = upload(
      '/x',
      { method: 'PUT', headers: {}, signal: controller.signal },
      () => {},
    );
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    expect(xhrs[1]!.aborted).toBe(true);
  });
});

describe('parseResponseHeaders', () => {
  it('parses the raw header block', () => {
    const h = parseResponseHeaders('content-type: text/plain\r\nx-a: 1: 2\r\n\r\nbad line\r\n');
    expect(h.get('content-type')).toBe('text/plain');
    expect(h.get('x-a')).toBe('1: 2');
  });
});
