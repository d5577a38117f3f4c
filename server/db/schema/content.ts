// Content and contact: articles, newsletter subscribers and messages sent through a profile.
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, updatedAt } from './columns';

export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    /** 'blog' for /singlepost, 'ai' for /ai-singlepost (docs/product.md, Articles). */
    kind: text('kind').$type<'blog' | 'ai'>().notNull().default('blog'),
    title: text('title').notNull(),
    avatar: text('avatar'),
    author: text('author').notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    imgUrl: text('img_url'),
    /** Alt text of the cover image. */
    imgAlt: text('img_alt').notNull().default(''),
    /** Sanitised HTML (allow-list) — never stored raw. */
    contents: text('contents').notNull(),
    subContent: text('sub_content').notNull().default(''),
    published: boolean('published').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    aiTopic: text('ai_topic'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('articles_kind_published_idx').on(t.kind, t.published, t.createdAt), index('articles_updated_idx').on(t.updatedAt)],
);

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    status: text('status').$type<'pending' | 'confirmed' | 'unsubscribed'>().notNull().default('pending'),
    unsubscribeToken: text('unsubscribe_token').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_email_key').on(t.email),
    uniqueIndex('newsletter_unsubscribe_token_key').on(t.unsubscribeToken),
    index('newsletter_subscribers_status_idx').on(t.status, t.createdAt),
  ],
);

/** Messages pet owners sent through a profile's contact form. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    species: text('species').notNull().default(''),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_doctor_created_idx').on(t.doctorId, t.createdAt)],
);
