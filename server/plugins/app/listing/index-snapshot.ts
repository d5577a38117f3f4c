// The search index written to a file, so that a restarted server answers its first search from the file and the
// change log instead of reading every vet again (docs/product.md 23.5, docs/decisions/255-index-snapshot.md).
// The file holds the store's columns and the content's lists as raw typed arrays after one JSON header; a
// snapshot is written after each full load and when the server stops. It is used only when all of these hold:
// - it was written by the same code of the index (its `code` is the hash of the sources that shape it);
// - its token is in the database's search_index_snapshots, written no more than RESTORE_WITHIN_MS ago
//   (a database restored from a backup taken before the snapshot does not hold the token, and an older one has
//   pruned the change log the snapshot needs);
// - it reads whole.
// Anything else loads the index from doctor_search as before.
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { projectRoot } from '../../../lib/project-root';
import { VetStore, type StoreState } from './vet-store';
import { IndexContent, LIST_NAMES, type ContentLists } from './index-sync';
import { SlotLists } from './slot-lists';

/** A snapshot older than this is not used: the index reloads after 30 minutes without a look at the log anyway. */
export const RESTORE_WITHIN_MS = 25 * 60_000;
const MAGIC = 'ADINDEX1';

type Column = Int32Array | Uint8Array | Float64Array;
const KINDS = { Int32Array, Uint8Array, Float64Array } as const;

/** What the sync state adds to the content: where in the change log the snapshot stands. */
export interface SyncPoint {
  xmin: string;
  applied: [string, string][];
}

/**
 * The sources whose code decides what the index holds (its columns, scores, cells, hours and the rows it reads):
 * a snapshot written by other versions of them is not read. A change elsewhere (a page, a route) keeps it usable.
 */
const SHAPING_SOURCES = [
  'server/plugins/app/listing/vet-store.ts',
  'server/plugins/app/listing/index-sync.ts',
  'server/plugins/app/listing/index-snapshot.ts',
  'server/plugins/app/listing/recommended-score.ts',
  'server/plugins/app/listing/search-geometry.ts',
  'server/plugins/app/listing/slot-lists.ts',
  'server/plugins/app/listing/week-hours.ts',
  'shared/lib/rating.ts',
  'shared/lib/special-hours.ts',
  'shared/lib/zone-clock.ts',
];

/** The hash of those sources, or of the running program's file where they are not beside it. */
export const runningCode = (() => {
  let hash: string | null = null;
  return () => {
    if (hash) return hash;
    const digest = createHash('sha1');
    try {
      for (const source of SHAPING_SOURCES) digest.update(fs.readFileSync(path.join(projectRoot, source)));
    } catch {
      return (hash = createHash('sha1')
        .update(fs.readFileSync(fileURLToPath(import.meta.url)))
        .digest('hex'));
    }
    return (hash = digest.digest('hex'));
  };
})();

/**
 * Writes the content and its place in the change log to `file` (a new file renamed over the old one, so a
 * reader never sees half of it), under `token`, which the caller has stored in search_index_snapshots.
 */
export async function writeSnapshot(file: string, token: string, content: IndexContent, point: SyncPoint, code = runningCode()): Promise<void> {
  const { arrays, values } = content.store.snapshot();
  const columns: [string, Column][] = Object.entries(arrays) as [string, Column][];
  const lists = content.lists();
  for (const name of [...LIST_NAMES, 'grid'] as const) {
    const [keys, lengths, slots] = lists[name].pack();
    columns.push([`${name}.keys`, keys], [`${name}.lengths`, lengths], [`${name}.slots`, slots]);
  }
  let offset = 0;
  const layout = columns.map(([name, column]) => {
    const entry = { name, kind: column.constructor.name, length: column.length, offset };
    offset += Math.ceil(column.byteLength / 8) * 8;
    return entry;
  });
  const header = Buffer.from(JSON.stringify({ code, token, point, values, layout }));
  const lead = Buffer.alloc(16);
  lead.write(MAGIC, 0, 'latin1');
  lead.writeUInt32LE(header.length, 8);
  const temporary = `${file}.${randomUUID()}.tmp`;
  const handle = await fs.promises.open(temporary, 'w');
  try {
    await handle.write(lead);
    await handle.write(header);
    await handle.write(Buffer.alloc(Math.ceil(header.length / 8) * 8 - header.length));
    for (const [, column] of columns) {
      await handle.write(new Uint8Array(column.buffer, column.byteOffset, column.byteLength));
      await handle.write(Buffer.alloc(Math.ceil(column.byteLength / 8) * 8 - column.byteLength));
    }
  } finally {
    await handle.close();
  }
  await fs.promises.rename(temporary, file);
}

/** A snapshot read back: its token (to check in the database), its place in the log, and its content. */
export interface ReadSnapshot {
  token: string;
  point: SyncPoint;
  content: () => IndexContent;
}

/** Reads `file`, or null when there is none, it is not whole or another program wrote it. */
export async function readSnapshot(file: string, code = runningCode()): Promise<ReadSnapshot | null> {
  let bytes: Buffer;
  try {
    bytes = await fs.promises.readFile(file);
  } catch {
    return null;
  }
  if (bytes.length < 16 || bytes.toString('latin1', 0, 8) !== MAGIC) return null;
  const headerLength = bytes.readUInt32LE(8);
  const start = 16 + Math.ceil(headerLength / 8) * 8;
  if (start > bytes.length) return null;
  const header = JSON.parse(bytes.toString('utf8', 16, 16 + headerLength)) as {
    code: string;
    token: string;
    point: SyncPoint;
    values: StoreState['values'];
    layout: { name: string; kind: keyof typeof KINDS; length: number; offset: number }[];
  };
  if (header.code !== code) return null;
  // The columns are read in place when the file's bytes are aligned (a large read is), else from a copy.
  const data = bytes.byteOffset % 8 === 0 ? bytes : Buffer.from(bytes);
  const columns = new Map<string, Column>();
  for (const { name, kind, length, offset } of header.layout) {
    const Kind = KINDS[kind];
    if (!Kind || start + offset + length * Kind.BYTES_PER_ELEMENT > data.length) return null;
    columns.set(name, new Kind(data.buffer as ArrayBuffer, data.byteOffset + start + offset, length));
  }
  return {
    token: header.token,
    point: header.point,
    content() {
      const arrays: StoreState['arrays'] = {};
      for (const [name, column] of columns) if (!name.includes('.')) arrays[name as keyof StoreState['arrays']] = column;
      const store = VetStore.fromSnapshot({ arrays, values: header.values });
      const lists = {} as ContentLists;
      for (const name of [...LIST_NAMES, 'grid'] as const)
        lists[name] = SlotLists.unpacked(
          columns.get(`${name}.keys`) as Float64Array,
          columns.get(`${name}.lengths`) as Int32Array,
          columns.get(`${name}.slots`) as Int32Array,
        );
      return new IndexContent(store, lists);
    },
  };
}
