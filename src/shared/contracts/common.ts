import { z } from 'zod';
import { unreadableNameRule } from './account-rules';

/** An uploaded image as the API returns it: two processed variants (SPEC §3 image {thumbnail, fullsize}). */
export const imageSchema = z.object({ thumbnail: z.string(), fullsize: z.string() });

/** The wire `image` of a row storing both variants: both URLs, or null when there is no image. */
export function imageOf(
  thumbnail: string | null,
  fullsize: string | null,
): z.infer<typeof imageSchema> | null {
  return thumbnail && fullsize ? { thumbnail, fullsize } : null;
}
export type Image = z.infer<typeof imageSchema>;

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/**
 * zod's default "expected string, received undefined" reads like a stack trace; these say what to
 * do. The API error handler prefixes the field name ("email: This field is required.").
 */
export const requiredAs = (what: string) => ({
  error: (issue: { input?: unknown }) =>
    issue.input === undefined ? 'This field is required.' : `Must be ${what}.`,
});

export { UUID_RE, isUuid } from '../uuid';

/** The error body every failed call answers with (DESIGN §4). */
export const errorResponse = z.object({
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

/**
 * A name, site name or tag must read as it was written (account-rules.ts: no direction controls,
 * no zero-width character at either end). Put before `.trim()`: that would hide a U+FEFF at the edge.
 */
export function readsAsWritten(value: string, ctx: z.RefinementCtx): void {
  const rule = unreadableNameRule(value);
  if (rule) ctx.addIssue({ code: 'custom', message: rule });
}
