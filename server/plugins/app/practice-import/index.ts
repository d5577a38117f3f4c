// The import area as one plugin (docs/product.md section 20; decision record 097): `fastify.practiceImport`
// starts an import of practices from a CSV file in the background and reads its stored progress.
// Routes import from this area only this file.
import fp from 'fastify-plugin';
import { and, desc, eq, sql } from 'drizzle-orm';
import { movableNow } from '../../../lib/state-moves';
import { IMPORT_MOVES } from './import-states';
import { importJobs } from '../../../db/schema';
import { domainError } from '../../../lib/domain-error';
import type { ImportStatus } from '../../../../shared/schemas/import-claim';
import type { Actor } from '../audit/audit-log';
import { fileHeader, runImport, type ImportDeps } from './import-run';

export { unclaimedEmail } from './import-run';

/** A running import whose progress has not moved for this long stopped with its server. */
const STALE_MS = 2 * 60_000;

type JobRow = typeof importJobs.$inferSelect;

function present(job: JobRow): ImportStatus {
  return {
    id: job.id,
    state: job.state,
    dry_run: job.dryRun,
    file_name: job.fileName,
    total: job.total,
    done: job.done,
    created: job.created,
    updated: job.updated,
    skipped: job.skipped,
    errors: job.errors,
    rows: job.outcomes,
    failure: job.failure,
    started_at: job.createdAt.toISOString(),
    finished_at: job.finishedAt?.toISOString() ?? null,
  };
}

/** The file as text: UTF-8 only, and no NUL bytes (a spreadsheet saved as binary, or not a CSV at all). */
function fileText(bytes: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw domainError(400, 'VALIDATION_ERROR', 'The file is not UTF-8 text. Save it from your spreadsheet as "CSV UTF-8" and upload it again.', {
      field: 'file',
    });
  }
  if (text.includes('\u0000'))
    throw domainError(400, 'VALIDATION_ERROR', 'The file is not a CSV text file. Save it as "CSV UTF-8" and upload it again.', { field: 'file' });
  return text;
}

declare module 'fastify' {
  interface FastifyInstance {
    practiceImport: {
      /** Checks the file's header at once (400 with a sentence), stores the job and runs it in the background. */
      start(actor: Actor, bytes: Buffer, options: { dryRun: boolean; fileName: string }): Promise<{ id: number }>;
      status(id: number): Promise<ImportStatus>;
      recent(): Promise<ImportStatus[]>;
      /** Resolves when every import this server runs has finished (tests, shutdown). */
      settled(): Promise<void>;
    };
  }
}

export default fp(
  async (fastify) => {
    const running = new Set<Promise<void>>();
    let stopping = false;
    const deps: ImportDeps = { db: fastify.database.db, changes: fastify.changes, clock: fastify.clock, stopping: () => stopping };
    fastify.addHook('onClose', async () => {
      stopping = true;
      await Promise.allSettled([...running]);
    });

    fastify.decorate('practiceImport', {
      async start(actor, bytes, { dryRun, fileName }) {
        const text = fileText(bytes);
        const header = fileHeader(text);
        if ('problem' in header) throw domainError(400, 'VALIDATION_ERROR', header.problem, { field: 'file' });
        const [job] = await deps.db
          .insert(importJobs)
          .values({ adminId: actor.id, dryRun, fileName: fileName.slice(0, 200), total: header.total })
          .returning({ id: importJobs.id });
        const work = runImport(deps, { id: job!.id, dryRun, fileName, actor }, text, header.columns)
          .catch((error: unknown) => fastify.log.error({ err: error, importId: job!.id }, 'import failed'))
          .finally(() => running.delete(work));
        running.add(work);
        return { id: job!.id };
      },
      async status(id) {
        let [job] = await deps.db.select().from(importJobs).where(eq(importJobs.id, id));
        if (!job) throw domainError(404, 'NOT_FOUND', 'There is no import with this id.', { field: 'id' });
        if (job.state === 'running' && deps.clock.now().getTime() - job.updatedAt.getTime() > STALE_MS) {
          // Its server stopped mid-way (a restart, a crash): say so instead of showing a bar that never moves.
          [job] = await deps.db
            .update(importJobs)
            .set({
              state: IMPORT_MOVES.fail.to,
              failure: 'The import stopped when its server restarted. Run it again: rows already written are updated, not repeated.',
              finishedAt: sql`now()`,
            })
            .where(and(eq(importJobs.id, id), movableNow(importJobs.state, IMPORT_MOVES, 'fail')))
            .returning();
          // It finished meanwhile: show it as it is.
          job ??= (await deps.db.select().from(importJobs).where(eq(importJobs.id, id)))[0];
        }
        return present(job!);
      },
      async recent() {
        const jobs = await deps.db.select().from(importJobs).orderBy(desc(importJobs.id)).limit(10);
        return jobs.map((job) => ({ ...present(job), errors: job.errors.slice(0, 20), rows: [] }));
      },
      async settled() {
        while (running.size) await Promise.allSettled([...running]);
      },
    });
  },
  { name: 'practice-import', dependencies: ['database', 'listing'] },
);

export { default as practiceImportRoutes } from './routes/index';
