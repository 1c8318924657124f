import type { FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

// The options of every Fastify instance of the app: the app's own, and the API docs' (api-docs.ts).

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

/**
 * Every schema is zod, compiled by fastify-type-provider-zod: Fastify's `schemaController` option
 * for it. Given to the constructor rather than by setValidatorCompiler/setSerializerCompiler
 * (which install exactly these factories, later: fastify/lib/schema-controller.js), so Fastify
 * never loads its default compilers — ajv and fast-json-stringify, ~90 ms of a restart for
 * nothing (docs/decisions/055). Fastify's types describe its own compilers' factories, hence the
 * cast.
 */
export const ZOD_SCHEMAS = {
  compilersFactory: {
    buildValidator: () => validatorCompiler,
    buildSerializer: () => serializerCompiler,
  } as unknown as CompilersFactory,
};

/** How URLs are matched: `/x/` as `/x`, `//x` as `/x`. */
export const ROUTER_OPTIONS = { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true };
