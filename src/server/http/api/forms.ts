import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { isDomainError, tooLarge, validationError } from '../../modules/core';
import { IMAGE_MAX_BYTES } from '../../adapters/images/process';

/** Multipart limits for profile forms: one image plus a few small fields. */
export const FORM_LIMITS = {
  fileSize: IMAGE_MAX_BYTES,
  files: 1,
  fields: 5,
  fieldSize: 64 * 1024,
  parts: 6,
} as const;

/**
 * Validates a value that did not go through a route schema (multipart fields) and fails the same
 * way the route schemas do: 400 VALIDATION_ERROR, "field: reason".
 */
export function parseOrThrow<S extends z.ZodType>(
  schema: S,
  value: unknown,
  context = 'body',
): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues;
  const first = issues[0];
  const field = first?.path.length ? first.path.join('.') : context;
  throw validationError(
    `${field}: ${first?.message ?? 'is invalid'}`,
    'VALIDATION_ERROR',
    issues.map((i) => ({ path: i.path.map((p) => (typeof p === 'number' ? p : String(p))), message: i.message })),
  );
}

export interface ParsedForm {
  fields: Record<string, unknown>;
  file?: { fieldname: string; buffer: Buffer };
  /** Every file part, in the order sent (forms that take several images). */
  files: { fieldname: string; buffer: Buffer }[];
}


/**
 * Reads a whole multipart form (within the limits its route registered, FORM_LIMITS by default),
 * turning the parser's errors into sentences. `maxFiles` only words the too-many-files message.
 */
export async function readForm(
  request: FastifyRequest,
  fileField: string,
  { maxFiles = 1 }: { maxFiles?: number } = {},
): Promise<ParsedForm> {
  const form: ParsedForm = { fields: {}, files: [] };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.fieldname !== fileField)
          throw validationError(
            `${part.fieldname}: Unexpected file. Send the image in the "${fileField}" field.`,
          );
        form.file = { fieldname: part.fieldname, buffer };
        form.files.push(form.file);
      } else {
        if (part.valueTruncated) throw tooLarge(`${part.fieldname}: This field is too large.`);
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (isDomainError(err)) throw err;
    switch ((err as { code?: string }).code) {
      case 'FST_REQ_FILE_TOO_LARGE':
        throw tooLarge(
          `${fileField}: Images must be ${IMAGE_MAX_BYTES / (1024 * 1024)} MB or smaller.`,
        );
      case 'FST_FILES_LIMIT':
        throw validationError(
          maxFiles === 1
            ? `${fileField}: Send one image at a time.`
            : `${fileField}: Send at most ${maxFiles} images at a time.`,
        );
      case 'FST_FIELDS_LIMIT':
      case 'FST_PARTS_LIMIT':
        throw tooLarge('The form has too many fields.');
      case 'FST_INVALID_JSON_FIELD_ERROR':
        throw validationError('A form field is not valid JSON.', 'VALIDATION_ERROR');
      default:
        // The parser's own failures (no boundary, truncated body, malformed part headers) are
        // the client's: a 400, not a 500.
        throw validationError(
          'The form could not be read. Send it as multipart/form-data.',
          'VALIDATION_ERROR',
        );
    }
  }
  return form;
}

/** A multipart field holding JSON (the `user` field of PUT /users): text or already parsed. */
export function jsonField(form: ParsedForm, name: string): unknown {
  const value = form.fields[name];
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw validationError(`${name}: Must be valid JSON.`, 'VALIDATION_ERROR');
  }
}

/** The one image of an upload-only form (PUT /profiles/media, PUT /sites/media), or a 400 naming the field. */
export async function readImageUpload(request: FastifyRequest, field = 'image'): Promise<Buffer> {
  const missing = `${field}: Choose an image to upload.`;
  if (!request.isMultipart()) throw validationError(missing);
  const form = await readForm(request, field);
  if (!form.file || form.file.buffer.length === 0) throw validationError(missing);
  return form.file.buffer;
}
