import { index, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { HEADER_BRANDINGS } from '../../../shared/contracts/sites';
import { users } from './accounts';

export { HEADER_BRANDINGS };

// Tables of the sites module.

/** A user's branded page at /{username}. One per user, created with the account. */
export const sites = pgTable(
  'sites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    domainName: text('domain_name'),
    description: text('description').notNull().default(''),
    imageThumbnail: text('image_thumbnail'),
    imageFullsize: text('image_fullsize'),
    headerBackgroundColor: text('header_background_color').notNull().default('#ffffff'),
    headerTextColor: text('header_text_color').notNull().default('#111827'),
    footerBackgroundColor: text('footer_background_color').notNull().default('#111827'),
    footerTextColor: text('footer_text_color').notNull().default('#f9fafb'),
    headerBranding: text('header_branding', { enum: HEADER_BRANDINGS }).notNull().default('name'),
    backgroundColor: text('background_color').notNull().default('#f9fafb'),
    textColor: text('text_color').notNull().default('#111827'),
    buttonBackgroundColor: text('button_background_color').notNull().default('#4f46e5'),
    buttonTextColor: text('button_text_color').notNull().default('#ffffff'),
    fontFamily: text('font_family').notNull().default('system-ui'),
    fontScale: real('font_scale').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sites_user_id_idx').on(t.userId), index('sites_domain_name_idx').on(t.domainName)],
);

export type SiteRow = typeof sites.$inferSelect;
