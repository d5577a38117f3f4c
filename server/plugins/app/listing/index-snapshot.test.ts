// A restarted server reads the search index from the snapshot file it wrote, then the change log since
// (docs/product.md 23.5, docs/decisions/255-index-snapshot.md); a file it may not trust is ignored.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildTestApp } from '../../../test/helper';
import { createVet } from '../../../test/factories';
import { zipCodes } from '../../../db/schema';
import { rowsOf } from '../../../lib/sql-rows';
import { normalizeSearch, searchBody } from './doctor-search';
import { readSnapshot } from './index-snapshot';
import { SearchIndex } from './search-index';

let app: FastifyInstance;
const city = `Snaptown ${randomUUID().slice(0, 6)}`;
const ids: number[] = [];
let zip = '';
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ad-snapshot-'));
const file = path.join(folder, 'search-index.snapshot');

const query = (statement: ReturnType<typeof sql>) => app.database.db.execute(statement);
const body = searchBody;
const inCity = normalizeSearch(body({ searchCity: city, searchState: 'HI' }));
const listed = async (index: SearchIndex) => {
  index.watch();
  return (await index.search(inCity, new Date())).data.map((card) => card.id).sort((a, b) => a - b);
};
/**
 * Moves vets to another state; `unlogged` leaves no entry of theirs in the change log, as if made before the snapshot
 * was read. Their earlier entries go too: transaction ids are the whole server's, so another database's long
 * transaction can hold an index's place in the log back before these vets were created, and a restarted index would
 * then read their rows again (which is right, but would show the hidden move).
 */
async function moveTo(state: string, some: number[], unlogged = false): Promise<void> {
  const list = `{${some.join(',')}}`;
  await app.database.db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE doctor_search SET state = ${state} WHERE user_id = ANY(${list}::int[])`);
    if (unlogged) await tx.execute(sql`DELETE FROM doctor_search_log WHERE user_id = ANY(${list}::int[])`);
  });
}

beforeAll(async () => {
  app = await buildTestApp();
  for (;;) {
    zip = `000${String(10 + Math.floor(Math.random() * 90))}`;
    const [row] = await app.database.db.insert(zipCodes).values({ zip, city, state: 'HI', latitude: 21, longitude: -158 }).onConflictDoNothing().returning();
    if (row) break;
  }
  for (const n of [0, 1, 2, 3]) {
    const { user } = await createVet(app, {
      clinicName: `Snapshot clinic ${n}`,
      city,
      state: 'HI',
      zip: '00000',
      latitude: 21 + n / 100,
      longitude: -158 - n / 100,
      plan: n === 3 ? 3 : 2,
    });
    ids.push(user.id);
  }
});
afterAll(async () => {
  await moveTo('HI', ids);
  await app.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

/**
 * What every case here does: an index loads and writes its snapshot; the first vet then moves to AK behind the log's
 * back (no log entry: a full load sees it, a read of the snapshot does not); `meanwhile` changes more; then a
 * restarted index with the same file loads.
 */
async function restartAfter(meanwhile: () => Promise<unknown> = async () => undefined): Promise<{ writer: SearchIndex; restarted: SearchIndex }> {
  const writer = new SearchIndex(app.database, app.clock, undefined, undefined, file);
  await writer.load();
  await writer.saveSnapshot();
  await moveTo('AK', [ids[0]!], true);
  await meanwhile();
  const restarted = new SearchIndex(app.database, app.clock, undefined, undefined, file);
  await restarted.load();
  return { writer, restarted };
}

describe('the search index snapshot', () => {
  afterEach(async () => {
    await moveTo('HI', ids);
  });

  it('is read at start, then the change log since it, and answers as the index that wrote it', async () => {
    // A change the log holds: the restarted index reads it.
    const { writer, restarted } = await restartAfter(() => moveTo('AK', [ids[1]!]));
    expect(await listed(restarted)).toEqual([ids[0]!, ids[2]!, ids[3]!]);
    // Read from the table, the truth: both vets moved.
    expect(await listed(new SearchIndex(app.database, app.clock))).toEqual([ids[2]!, ids[3]!]);
    // The index that wrote the file, after the same look at the log, answers every kind of search the same.
    expect(await listed(writer)).toEqual([ids[0]!, ids[2]!, ids[3]!]);
    const at = new Date();
    for (const fields of [
      { searchState: 'HI' },
      { searchState: 'HI', sort: 'name' as const },
      { searchState: 'HI', sort: 'rating' as const },
      { searchCity: city, searchState: 'HI' },
      { searchZipCode: zip, radius: 100 },
      { searchZipCode: zip, sort: 'distance' as const },
      { q: 'snapshot clinic' },
      { bounds: { north: 21.5, south: 20.5, east: -157.5, west: -158.5 } },
    ]) {
      const search = normalizeSearch(body(fields));
      expect(await restarted.search(search, at), JSON.stringify(fields)).toEqual(await writer.search(search, at));
    }
  });

  it('is not used when the database does not hold its token (restored from an older backup)', async () => {
    const { restarted } = await restartAfter(() => query(sql`DELETE FROM search_index_snapshots WHERE at > now() - interval '1 hour'`));
    expect(await listed(restarted)).toEqual([ids[1]!, ids[2]!, ids[3]!]);
  });

  it('is not used when another program wrote it, it is cut short or its content cannot be built', async () => {
    const { restarted } = await restartAfter(async () => {
      expect(await readSnapshot(file)).not.toBeNull();
      expect(await readSnapshot(file, 'another program')).toBeNull();
      const bytes = fs.readFileSync(file);
      fs.writeFileSync(file, bytes.subarray(0, bytes.length - 64));
      expect(await readSnapshot(file)).toBeNull();
      fs.writeFileSync(file, 'not a snapshot');
      expect(await readSnapshot(file)).toBeNull();
      // Whole and of this code, but its header lost a column: read, yet its content cannot be built.
      const length = bytes.readUInt32LE(8);
      const header = JSON.parse(bytes.toString('utf8', 16, 16 + length)) as { layout: { name: string }[] };
      header.layout = header.layout.filter(({ name }) => name !== 'grid.slots');
      const text = Buffer.from(JSON.stringify(header));
      const lead = Buffer.from(bytes.subarray(0, 16));
      lead.writeUInt32LE(text.length, 8);
      const pad = (n: number) => Buffer.alloc(Math.ceil(n / 8) * 8 - n);
      fs.writeFileSync(file, Buffer.concat([lead, text, pad(text.length), bytes.subarray(16 + Math.ceil(length / 8) * 8)]));
      await expect(readSnapshot(file).then((read) => read!.content())).rejects.toThrow();
    });
    expect(await listed(restarted)).toEqual([ids[1]!, ids[2]!, ids[3]!]);
    const [tokens] = rowsOf<{ n: number }>(await query(sql`SELECT count(*)::int AS n FROM search_index_snapshots`));
    expect(tokens!.n).toBeGreaterThan(0);
  });
});
