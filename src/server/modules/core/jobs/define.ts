import type { z } from 'zod';
import type { ModuleDeps } from '../deps';

export interface JobContext {
  id: string;
  name: string;
  /** 1-based: the try now running. */
  attempt: number;
  maxAttempts: number;
}

/**
 * One kind of background job: the name stored in the jobs table, the schema its payload must meet
 * and what runs it. `In` is what `enqueueJob` takes (the schema's input), `Out` what the handler
 * gets (its output). Call sites enqueue with the definition, so a payload is typed where it is
 * written and checked once, by the worker, where it is read back.
 */
export interface JobDefinition<In = unknown, Out = unknown> {
  /** Stored in each job row: renaming one strands the jobs already queued under the old name. */
  readonly name: string;
  readonly schema: z.ZodType<Out, In>;
  // Method syntax on purpose: a definition of any payload fits in a list of JobDefinition.
  handle(deps: ModuleDeps, payload: Out, job: JobContext): Promise<void>;
}

/**
 * Declares a job, as `defineRoute` declares a route: its handler receives the payload as the
 * schema parsed it (a payload that does not match fails the job for good, with the reason).
 */
export function defineJob<S extends z.ZodType>(
  name: string,
  schema: S,
  handle: (deps: ModuleDeps, payload: z.output<S>, job: JobContext) => Promise<void>,
): JobDefinition<z.input<S>, z.output<S>> {
  if (!name) throw new TypeError('a job needs a name');
  // S is exactly such a schema; TypeScript cannot see through z.output/z.input of a generic.
  return { name, schema: schema as z.ZodType<z.output<S>, z.input<S>>, handle };
}

/** The jobs a worker can run, by name. */
export type JobRegistry = ReadonlyMap<string, JobDefinition>;

/**
 * The registry of `definitions`, refusing two with one name: the second would silently take the
 * first one's stored jobs, so the process must not start with such a list.
 */
export function jobRegistry(definitions: readonly JobDefinition[]): JobRegistry {
  const registry = new Map<string, JobDefinition>();
  for (const definition of definitions) {
    if (registry.has(definition.name)) {
      throw new Error(`two job definitions are named "${definition.name}"`);
    }
    registry.set(definition.name, definition);
  }
  return registry;
}

/** Why a stored payload does not meet its schema, in one line for last_error and the log. */
export function payloadProblem(error: z.ZodError): string {
  return error.issues
    .map((issue) =>
      issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
    )
    .join('; ');
}
