import { z } from 'zod';
import { requiredAs } from './common';
import { uuidField } from './catalog-model';
import { COUNTRIES } from './commerce-rules';

// Field helpers of the commerce contracts (commerce.ts, commerce-feedback.ts).

export const money = z.number();
/** An id field whose JSON Schema (OpenAPI, the fuzz guard rail) says it is a UUID. */
export const idField = (what: string) => uuidField(what).meta({ format: 'uuid' });
export const iso = z.string();
export const pageField = z.coerce
  .number(requiredAs('a page number'))
  .int('Must be a whole number.')
  .min(1, 'Pages start at 1.')
  .max(10_000, 'Must be at most 10,000.')
  .default(1);
export const limitField = z.coerce
  .number(requiredAs('a number'))
  .int('Must be a whole number.')
  .min(1, 'Must be at least 1.')
  .max(100, 'Must be at most 100.')
  .default(20);
/**
 * 1 oldest first, -1 newest first (SPEC §4: the order sort flips between 1 and -1). A query
 * string carries it as text, a typed caller as a number: both are taken.
 */
export const sortField = z
  .union([z.literal(1), z.literal(-1), z.literal('1'), z.literal('-1')], {
    error: 'Sort by 1 (oldest first) or -1 (newest first).',
  })
  .transform((v): 1 | -1 => (Number(v) === 1 ? 1 : -1))
  .default(-1);

/** The codes of the countries offered (addresses, payout accounts). */
export const COUNTRY_CODES = Object.keys(COUNTRIES) as [string, ...string[]];
