// Table of the ai module: every image generation, for the monthly plan allowance and so that the
// images a member generated can be traced back to the prompt and the generator that made them.
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

export const AI_IMAGE_DRIVERS = ['openai', 'offline'] as const;

export const aiGenerations = pgTable(
  'ai_generations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    prompt: text('prompt').notNull(),
    /** Images made (each counts against the month's allowance). */
    count: integer('count').notNull(),
    driver: text('driver', { enum: AI_IMAGE_DRIVERS }).notNull(),
    urls: jsonb('urls').$type<string[]>().notNull(),
    /** Storage keys of the images (deleted with the member). */
    keys: jsonb('keys').$type<string[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ai_generations_user_created_idx').on(t.userId, t.createdAt.desc())],
);
export type AiGenerationRow = typeof aiGenerations.$inferSelect;
