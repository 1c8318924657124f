import { z } from 'zod';

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

/** A background job as admins see it (DESIGN §3: a job that gave up stays visible with its error). */
export const jobRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(JOB_STATUSES),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  runAt: z.string(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type JobRecordView = z.infer<typeof jobRecordSchema>;

export const jobsQuery = z.object({
  status: z.enum(JOB_STATUSES, { error: `Choose one of: ${JOB_STATUSES.join(', ')}.` }).optional(),
  limit: z.coerce
    .number({ error: 'Must be a number.' })
    .int('Must be a whole number.')
    .min(1, 'Must be at least 1.')
    .max(200, 'Must be at most 200.')
    .optional(),
});
export const jobsResponse = z.object({ jobs: z.array(jobRecordSchema) });
