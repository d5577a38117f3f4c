// Practice import runs (docs/product.md section 20).
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, updatedAt } from './columns';

/** One import run and its progress, read by /api/admin/import-status (docs/product.md section 20; migration 0017). */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull().default(''),
    dryRun: boolean('dry_run').notNull(),
    state: text('state').$type<'running' | 'done' | 'failed'>().notNull().default('running'),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    errors: jsonb('errors').$type<{ row: number; message: string }[]>().notNull().default([]),
    outcomes: jsonb('outcomes').$type<ImportOutcomeRow[]>().notNull().default([]),
    failure: text('failure'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('import_jobs_created_idx').on(t.createdAt)],
);

/** What one row of an import did or would do (a dry run's table). */
export interface ImportOutcomeRow {
  row: number;
  external_id: string;
  clinic_name: string;
  action: 'create' | 'update' | 'skip';
  reason: string;
}
