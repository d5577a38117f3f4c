// An import run (docs/product.md section 20; docs/decisions/110-import-in-batches.md): the file is read
// row by row, rows are checked, and every 500 to 2,000 rows are written in one transaction with one multi-row
// statement for the new practices and one for the updated ones. Should a batch fail as a whole, its rows
// are written one transaction each, so a bad row is reported and skipped, never half-written. Progress
// goes to import_jobs after every batch, where a reload (or another app server) reads it.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { movableNow } from '../../../lib/state-moves';
import { IMPORT_MOVES, type ImportMove } from './import-states';
import type { DbOrTx } from '../../../db/client';
import { importJobs, type ImportOutcomeRow } from '../../../db/schema';
import { readCsv } from '../../../../shared/csv';
import { IMPORT_LIMITS, type ImportColumn } from '../../../../shared/constants/import';
import type { Announcer } from '../listing/changes';
import type { Clock } from '../../../lib/clock';
import { writeAudit, type Actor } from '../audit/audit-log';
import { checkRow, readHeader, type ImportRow } from './import-rows';
import { rowsOf } from '../../../lib/sql-rows';

export interface ImportDeps {
  db: DbOrTx;
  changes: Announcer;
  clock: Clock;
  /** True once the server is closing: the run stops after its current batch. */
  stopping: () => boolean;
}

interface Counts {
  total: number;
  done: number;
  created: number;
  updated: number;
  skipped: number;
  errors: { row: number; message: string }[];
  outcomes: ImportOutcomeRow[];
}

/** The address of an imported practice's account: at the reserved .invalid domain, which no mail reaches. */
export const unclaimedEmail = () => `u-${randomUUID().replace(/-/g, '').slice(0, 20)}@unclaimed.invalid`;

async function select<T>(db: DbOrTx, statement: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await db.execute(statement));
}

/** Reads the header row: the column map, or the sentence that refuses the whole file (answered at once, 400). */
export function fileHeader(text: string): { columns: Map<ImportColumn, number>; total: number } | { problem: string } {
  const records = readCsv(text);
  const first = records.next();
  if (first.done || !('cells' in first.value)) return { problem: 'The file is empty: its first row must name the columns.' };
  const header = readHeader(first.value.cells);
  if ('problem' in header) return header;
  // Counting the records first gives the progress bar its end; it reads the text once more (about 0.5 s at 100,000 rows).
  // Lines an unclosed quote swallowed are data rows too: each is counted and reported (docs/product.md 29.5).
  let total = 0;
  for (const record of records) total += 'cells' in record ? 1 : 1 + record.swallowed.length;
  return { columns: header.columns, total };
}

export async function runImport(
  deps: ImportDeps,
  job: { id: number; dryRun: boolean; fileName: string; actor: Actor | null },
  text: string,
  columns: Map<ImportColumn, number>,
): Promise<void> {
  const counts: Counts = { total: 0, done: 0, created: 0, updated: 0, skipped: 0, errors: [], outcomes: [] };
  const [stored] = await deps.db.select({ total: importJobs.total }).from(importJobs).where(eq(importJobs.id, job.id));
  counts.total = stored?.total ?? 0;
  /** Lines by external id and phone within this file: a second row with either is a duplicate. */
  const seenIds = new Map<string, number>();
  const seenPhones = new Map<string, number>();
  const refuse = (line: number, message: string, row?: Pick<ImportRow, 'externalId' | 'clinicName'>) => {
    counts.skipped += 1;
    if (counts.errors.length < IMPORT_LIMITS.keptRows) counts.errors.push({ row: line, message });
    if (job.dryRun) outcome({ row: line, external_id: row?.externalId ?? '', clinic_name: row?.clinicName ?? '', action: 'skip', reason: message });
  };
  const outcome = (entry: ImportOutcomeRow) => {
    if (counts.outcomes.length < IMPORT_LIMITS.keptRows) counts.outcomes.push(entry);
  };

  let batch: ImportRow[] = [];
  let batchRows: number = IMPORT_LIMITS.batchRows;
  const flush = async () => {
    const rows = batch;
    batch = [];
    const started = performance.now();
    if (rows.length) await writeBatch(deps, job.dryRun, rows, counts, refuse, outcome);
    if (rows.length >= batchRows) batchRows = nextBatchRows(batchRows, performance.now() - started);
    await saveProgress(deps.db, job.id, counts, 'progress');
  };

  try {
    const records = readCsv(text);
    records.next(); // the header, read by fileHeader
    for (const record of records) {
      if ('unclosedAt' in record) {
        counts.done += 1;
        refuse(record.line, 'A quoted cell opened on this line is never closed: the rest of the file could not be read.');
        for (const line of record.swallowed) {
          counts.done += 1;
          refuse(
            line,
            `Not read: the quote opened on line ${record.line} is never closed, so this line was taken into that cell. Close the quote and import again.`,
          );
        }
        break;
      }
      counts.done += 1;
      const checked = checkRow(columns, record.cells, record.line);
      if ('problem' in checked) {
        refuse(record.line, checked.problem);
      } else if (seenIds.has(checked.externalId)) {
        refuse(record.line, `The external_id ${checked.externalId} is already on line ${seenIds.get(checked.externalId)} of this file.`, checked);
      } else if (checked.phoneKey && seenPhones.has(checked.phoneKey)) {
        refuse(record.line, `Duplicate: the phone ${checked.phone} is already on line ${seenPhones.get(checked.phoneKey)} of this file.`, checked);
      } else {
        seenIds.set(checked.externalId, record.line);
        if (checked.phoneKey) seenPhones.set(checked.phoneKey, record.line);
        batch.push(checked);
      }
      if (batch.length >= batchRows || counts.done % (IMPORT_LIMITS.batchRows * 4) === 0) await flush();
      if (deps.stopping()) throw new Error('The server stopped during the import. Run it again: rows already written are updated, not repeated.');
    }
    await flush();
    await finish(deps, job, counts, 'finish', null);
  } catch (error) {
    const message = error instanceof Error && error.message.startsWith('The server stopped') ? error.message : 'The import stopped on an unexpected error.';
    await finish(deps, job, counts, 'fail', message).catch(() => undefined);
    if (!(error instanceof Error && error.message.startsWith('The server stopped'))) throw error;
  }
}

/**
 * The next batch's size from how long a full one took: a batch costs a fixed part (lookups, the progress, the
 * search index's one read of the batch) besides its rows, so larger batches import faster while they stay
 * short enough that a search waiting behind one still answers within about batchTargetMs (decision 110).
 */
export function nextBatchRows(rows: number, tookMs: number): number {
  const { batchRows, batchRowsMax, batchTargetMs } = IMPORT_LIMITS;
  if (tookMs < batchTargetMs / 2) return Math.min(batchRowsMax, rows * 2);
  if (tookMs > batchTargetMs) return Math.max(batchRows, Math.floor(rows / 2));
  return rows;
}

async function saveProgress(db: DbOrTx, id: number, counts: Counts, move: ImportMove, failure: string | null = null): Promise<void> {
  const state = IMPORT_MOVES[move].to;
  await db
    .update(importJobs)
    .set({
      state,
      total: Math.max(counts.total, counts.done),
      done: counts.done,
      created: counts.created,
      updated: counts.updated,
      skipped: counts.skipped,
      // In file order: a batch reports its duplicates and unknown zips after the rows refused on reading.
      errors: counts.errors.sort((a, b) => a.row - b.row),
      outcomes: counts.outcomes.sort((a, b) => a.row - b.row),
      failure,
      updatedAt: sql`now()`,
      ...(state === 'running' ? {} : { finishedAt: sql`now()` }),
    })
    .where(and(eq(importJobs.id, id), movableNow(importJobs.state, IMPORT_MOVES, move)));
}

/** The last progress and, for a real run, the one audit entry with its counts (docs/product.md section 10). */
async function finish(
  deps: ImportDeps,
  job: { id: number; dryRun: boolean; fileName: string; actor: Actor | null },
  counts: Counts,
  move: 'finish' | 'fail',
  failure: string | null,
) {
  const state = IMPORT_MOVES[move].to;
  await deps.db.transaction(async (tx) => {
    await saveProgress(tx, job.id, counts, move, failure);
    if (!job.dryRun)
      await writeAudit(tx, job.actor, {
        action: 'practices imported',
        targetType: 'import',
        targetId: job.id,
        details: {
          file_name: job.fileName,
          state,
          total: counts.total,
          done: counts.done,
          created: counts.created,
          updated: counts.updated,
          skipped: counts.skipped,
          failure,
        },
      });
  });
}

interface Existing {
  external_id: string;
  user_id: number;
  claimed: boolean;
}
interface PhoneOwner {
  phone_key: string;
  user_id: number;
  clinic_name: string | null;
  external_id: string | null;
}

/** Decides each row of a batch (new, update, duplicate, claimed) and writes it unless this is a dry run. */
async function writeBatch(
  deps: ImportDeps,
  dryRun: boolean,
  rows: ImportRow[],
  counts: Counts,
  refuse: (line: number, message: string, row?: ImportRow) => void,
  outcome: (entry: ImportOutcomeRow) => void,
): Promise<void> {
  const ids = rows.map((r) => r.externalId);
  const phones = rows.flatMap((r) => (r.phoneKey ? [r.phoneKey] : []));
  const [existing, phoneOwners, zips] = await Promise.all([
    select<Existing>(
      deps.db,
      sql`SELECT p.external_id, p.user_id, u.claimed FROM profiles p JOIN users u ON u.id = p.user_id WHERE p.external_id = ANY(${textArray(ids)})`,
    ),
    phones.length
      ? select<PhoneOwner>(deps.db, sql`SELECT phone_key, user_id, clinic_name, external_id FROM profiles WHERE phone_key = ANY(${textArray(phones)})`)
      : Promise.resolve([]),
    select<{ zip: string; latitude: number; longitude: number }>(
      deps.db,
      sql`SELECT zip, latitude, longitude FROM zip_codes WHERE zip = ANY(${textArray([...new Set(rows.filter((r) => r.latitude === null).map((r) => r.zip))])})`,
    ),
  ]);
  const byExternal = new Map(existing.map((e) => [e.external_id, e]));
  const byPhone = new Map<string, PhoneOwner[]>();
  for (const owner of phoneOwners) byPhone.set(owner.phone_key, [...(byPhone.get(owner.phone_key) ?? []), owner]);
  const zipPlace = new Map(zips.map((z) => [z.zip, z]));

  const creates: ImportRow[] = [];
  const updates: ImportRow[] = [];
  for (const row of rows) {
    const current = byExternal.get(row.externalId);
    const other = row.phoneKey ? byPhone.get(row.phoneKey)?.find((owner) => owner.user_id !== current?.user_id) : undefined;
    if (other) {
      refuse(
        row.line,
        `Duplicate: the phone ${row.phone} belongs to ${other.clinic_name ?? 'another practice'} (practice ${other.user_id}), which is already listed.`,
        row,
      );
      continue;
    }
    if (current?.claimed) {
      refuse(row.line, `Practice ${current.user_id} (external_id ${row.externalId}) has been claimed by its vet: an import no longer changes it.`, row);
      continue;
    }
    if (row.latitude === null) {
      const place = zipPlace.get(row.zip);
      if (!place) {
        refuse(row.line, `We do not know the zip code ${row.zip}, and the row gives no latitude and longitude.`, row);
        continue;
      }
      row.latitude = place.latitude;
      row.longitude = place.longitude;
    }
    const position = row.latitude !== null && zipPlace.has(row.zip) ? 'at the zip code’s centre' : 'at the position in the file';
    if (current) {
      updates.push(row);
      if (dryRun)
        outcome({
          row: row.line,
          external_id: row.externalId,
          clinic_name: row.clinicName,
          action: 'update',
          reason: `Updates practice ${current.user_id} (same external_id), ${position}.`,
        });
    } else {
      creates.push(row);
      if (dryRun)
        outcome({ row: row.line, external_id: row.externalId, clinic_name: row.clinicName, action: 'create', reason: `A new unclaimed listing ${position}.` });
    }
  }
  if (dryRun) {
    counts.created += creates.length;
    counts.updated += updates.length;
    return;
  }
  try {
    const changed = await deps.db.transaction(async (tx) => writeRows(tx, creates, updates));
    counts.created += changed.created.length;
    counts.updated += changed.updated.length;
    announce(deps.changes, changed);
  } catch {
    // One row at a time: the rows that can be written are, each whole; the others are reported.
    for (const row of [...creates, ...updates]) {
      const isNew = creates.includes(row);
      try {
        const changed = await deps.db.transaction(async (tx) => writeRows(tx, isNew ? [row] : [], isNew ? [] : [row]));
        counts.created += changed.created.length;
        counts.updated += changed.updated.length;
        announce(deps.changes, changed);
      } catch {
        refuse(
          row.line,
          'This row could not be saved (another import or a profile may have taken its external_id or phone at the same moment). Try it again.',
          row,
        );
      }
    }
  }
}

function announce(changes: Announcer, changed: { created: number[]; updated: number[] }) {
  // Every updated practice's page is dropped; new ones have no page cached yet, one announcement clears the searches.
  for (const id of changed.updated) changes.announce({ kind: 'listing changed', doctorId: id });
  if (changed.created.length) changes.announce({ kind: 'listing changed', doctorId: changed.created[0]! });
}

/** A list of texts as one parameter (drizzle spreads a JavaScript array into several). */
const textArray = (values: string[]) => sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

function recordset(rows: ImportRow[], withEmail: boolean): string {
  return JSON.stringify(
    rows.map((r) => ({
      ...(withEmail ? { email: unclaimedEmail() } : {}),
      external_id: r.externalId,
      clinic_name: r.clinicName,
      street: r.street,
      city: r.city,
      state: r.state,
      zip: r.zip,
      phone: r.phone,
      website_url: r.websiteUrl,
      species: r.species,
      services: r.services,
      latitude: r.latitude,
      longitude: r.longitude,
    })),
  );
}

const ROW_TYPE = sql.raw(
  `external_id text, clinic_name text, street text, city text, state text, zip text, phone text, website_url text, species jsonb, services jsonb, latitude float8, longitude float8`,
);

/** New practices (an unclaimed account and its profile) and updates of unclaimed ones, one statement each. */
async function writeRows(tx: DbOrTx, creates: ImportRow[], updates: ImportRow[]): Promise<{ created: number[]; updated: number[] }> {
  let created: number[] = [];
  let updated: number[] = [];
  // The search rows are rebuilt once for the whole batch below, not per row by the triggers (migration 0017).
  await tx.execute(sql`SELECT set_config('animaldoctor.bulk_listing', 'on', true)`);
  if (creates.length) {
    const made = await select<{ user_id: number }>(
      tx,
      sql`WITH v AS (SELECT * FROM jsonb_to_recordset(${recordset(creates, true)}::jsonb) AS x(email text, ${ROW_TYPE})),
        u AS (INSERT INTO users (email, password_hash, first_name, last_name, verify, review_state, account_type, claimed)
              SELECT email, '!', '', '', false, 'approved', 'vet', false FROM v RETURNING id, email)
        INSERT INTO profiles (user_id, external_id, clinic_name, street, city, state, zip, contact_phone, website_url, reviewed_website_url, website_title, species, services, latitude, longitude)
        SELECT u.id, v.external_id, v.clinic_name, v.street, v.city, v.state, v.zip, v.phone, v.website_url, v.website_url,
               NULL, v.species, v.services, v.latitude, v.longitude
        FROM u JOIN v ON v.email = u.email
        RETURNING user_id`,
    );
    created = made.map((m) => m.user_id);
  }
  if (updates.length) {
    const changed = await select<{ user_id: number }>(
      tx,
      sql`UPDATE profiles p SET clinic_name = v.clinic_name, street = v.street, city = v.city, state = v.state, zip = v.zip,
            contact_phone = v.phone, website_url = v.website_url, reviewed_website_url = v.website_url, website_title = CASE WHEN v.website_url IS NULL THEN NULL ELSE p.website_title END,
            species = v.species, services = v.services, latitude = v.latitude, longitude = v.longitude, updated_at = now()
          FROM jsonb_to_recordset(${recordset(updates, false)}::jsonb) AS v(${ROW_TYPE}), users u
          WHERE p.external_id = v.external_id AND u.id = p.user_id AND NOT u.claimed
          RETURNING p.user_id`,
    );
    updated = changed.map((c) => c.user_id);
  }
  await tx.execute(sql`SELECT set_config('animaldoctor.bulk_listing', 'off', true)`);
  const ids = [...created, ...updated];
  if (ids.length) await tx.execute(sql`SELECT doctor_search_refresh_many(${`{${ids.join(',')}}`}::int[])`);
  return { created, updated };
}
