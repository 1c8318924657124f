import type { TransportInit, UploadFetch } from './api-client';

/** The subset of XMLHttpRequest the upload transport uses (lets tests pass a stand-in). */
export interface XhrLike {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  send(body?: XMLHttpRequestBodyInit | null): void;
  abort(): void;
  getAllResponseHeaders(): string;
  readonly status: number;
  readonly responseText: string;
  upload: { onprogress: ((event: ProgressEvent) => void) | null };
  onload: ((event: ProgressEvent) => void) | null;
  onerror: ((event: ProgressEvent) => void) | null;
  onabort: ((event: ProgressEvent) => void) | null;
}

/** "name: value\r\n…" (XMLHttpRequest.getAllResponseHeaders) → Headers. */
export function parseResponseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    try {
      headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
    } catch {
      // a header name fetch refuses: not one we read
    }
  }
  return headers;
}

const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * `fetch` over XMLHttpRequest, which (unlike fetch) reports upload progress: at most 0.99 while
 * the body is being sent, 1 once the server has answered. Same-origin cookies travel as with
 * fetch; the answer is returned as a standard Response.
 */
export function createXhrUpload(
  createXhr: () => XhrLike = () => new XMLHttpRequest(),
): UploadFetch {
  return (url: string, init: TransportInit, onProgress: (fraction: number) => void) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = createXhr();
      if (init.signal?.aborted) {
        reject(new DOMException('The upload was aborted.', 'AbortError'));
        return;
      }
      xhr.open(init.method, url);
      for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (event) => {
        // 1 is kept for "answered": the server still has to store (and process) the body.
        if (event.lengthComputable && event.total > 0)
          onProgress(Math.min(0.99, event.loaded / event.total));
      };
      xhr.onload = () => {
        onProgress(1);
        const status = xhr.status;
        resolve(
          new Response(NULL_BODY.has(status) ? null : xhr.responseText, {
            status,
            headers: parseResponseHeaders(xhr.getAllResponseHeaders()),
          }),
        );
      };
      xhr.onerror = () => reject(new TypeError('The upload failed: network error.'));
      xhr.onabort = () => reject(new DOMException('The upload was aborted.', 'AbortError'));
      init.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
    });
}
