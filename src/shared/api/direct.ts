/**
 * The in-process path of server renders to the API's reads (docs/decisions/046): a loader's call
 * of a catalogue endpoint runs the route's own handler with the page's identity, without HTTP,
 * JSON or a Response in between. The server builds a `DirectCall` per page request (its load
 * context's `apiDirect`); the server's API client uses it before `apiFetch`.
 */

/** A call's request parts, as they would travel in the URL: strings (`buildPath`, `fillPath`). */
export interface DirectInput {
  query?: Record<string, string>;
  params?: Record<string, string>;
}

/**
 * The answer of a direct call: the response schema's encoded output (what JSON.parse of the HTTP
 * answer would give), or the error body the HTTP answer would carry with its status.
 */
export type DirectAnswer =
  | { ok: true; data: unknown }
  | { ok: false; status: number; body: { message?: string; code?: string; details?: unknown } };

/**
 * Calls `method path` (a catalogue endpoint's, under /api/v1) in-process; null when this call has
 * no direct path (a write, a rate-limited or multipart route, a handler that needs the HTTP reply,
 * input the HTTP path would refuse): the caller then goes through HTTP as before.
 */
export type DirectCall = (method: string, path: string, input: DirectInput) => Promise<DirectAnswer | null>;
