import type { z } from 'zod';

/**
 * One call of the REST API, described once and shared: the server registers its route from it
 * (method, path, zod schemas for validation, serialisation and the OpenAPI document) and the web's
 * API client types its calls from it (request in, response out), so the two cannot drift apart.
 * Access rules are not here: each route declares its own where it is registered.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface EndpointDef {
  method: HttpMethod;
  /** Path under /api/v1, Fastify style (`/users/:id`). */
  path: string;
  summary: string;
  tags: readonly string[];
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  response: z.ZodType;
  /** Success status (200 unless said). */
  status?: 200 | 201;
  /**
   * A 201 call that answers 200 with the thing that already exists when nothing new was created
   * (reporting the same thing twice); the handler sets the 200 itself.
   */
  okWhenExisting?: true;
  /**
   * multipart/form-data: the server reads the form itself (files cannot go through a JSON schema);
   * `body`, when given, is the JSON the form's fields carry and clients may send as JSON instead.
   */
  multipart?: boolean;
}

export const endpoint = <const E extends EndpointDef>(def: E): E => def;

type Input<S> = S extends z.ZodType ? z.input<S> : never;

/** What a client sends as the body (FormData for multipart calls). */
export type BodyOf<E extends EndpointDef> = E['multipart'] extends true
  ? FormData | Input<E['body']>
  : Input<E['body']>;
export type QueryOf<E extends EndpointDef> = Input<E['query']>;
export type ParamsOf<E extends EndpointDef> = Input<E['params']>;
/** The response body a client receives. */
export type ResponseOf<E extends EndpointDef> = z.output<E['response']>;

/** The request parts a call needs: only those its endpoint declares. */
export type CallInput<E extends EndpointDef> = ([E['body']] extends [z.ZodType]
  ? undefined extends BodyOf<E>
    ? { body?: BodyOf<E> }
    : { body: BodyOf<E> }
  : E['multipart'] extends true
    ? { body: FormData }
    : { body?: never }) &
  ([E['query']] extends [z.ZodType] ? { query: QueryOf<E> } : { query?: never }) &
  ([E['params']] extends [z.ZodType] ? { params: ParamsOf<E> } : { params?: never });

/** `/users/:id` with `{ id: 'a b' }` → `/users/a%20b`. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)\??/g, (_, name: string) => {
    const value = params?.[name];
    return value === undefined || value === null ? '' : encodeURIComponent(String(value));
  });
}
