// The per-cell lists of rarer services and species (key-cells.ts): a cell's list holds exactly the cell's
// vets that list the key, in the cell's order; a cell where a vet came or went is read whole, so no
// vet is ever missed, even when a freed slot is taken by a vet somewhere else.
import { describe, expect, it } from 'vitest';
import { IndexContent } from './index-sync';
import { EVERY_VET } from './key-cells';
import { cellOf } from './search-geometry';
import { VetStore, type VetRow } from './vet-store';
import { namedVetRow } from './vet-rows.fixture';

const SPECIES = [['dogs', 'cats'], ['cats'], ['dogs', 'cats', 'rabbits'], ['cats', 'birds']];
const SERVICES = [['Wellness exams'], ['Wellness exams', 'Dentistry'], ['Surgery'], ['Wellness exams', 'Surgery']];

/** Vet `id` in one of four neighbouring cells, with a rating so that each cell's order is not its insertion order. */
const row = (id: number, over: Partial<VetRow> = {}): VetRow =>
  namedVetRow(id, `vet ${id}`, {
    latitude: 40.05 + (id % 2) * 0.1,
    longitude: -70.05 - (Math.floor(id / 2) % 2) * 0.1,
    species_key: SPECIES[Math.floor(id / 4) % 4]!,
    services_key: SERVICES[Math.floor(id / 16) % 4]!,
    rating_count: id % 7,
    rating_sum: (id % 7) * (1 + (id % 5)),
    ...over,
  });

function contentOf(rows: VetRow[]): IndexContent {
  const store = new VetStore();
  for (const r of rows) store.add(r, cellOf(r.latitude, r.longitude));
  return new IndexContent(store);
}

/** Every occupied cell of the content. */
const cells = (content: IndexContent) => [...content.grid.cells.keys()];

/** The ids a reader gives for a cell, and the ids of the cell's vets that list every one of the keys, in the cell's order. */
function readAndWanted(content: IndexContent, cell: number, species: string[], services: string[]) {
  const { store } = content;
  const whole = content.grid.slots(cell);
  const reader = content.keyCells.reader(species, services);
  const read = Array.from(reader.slots(cell, whole), (slot) => store.ids[slot]);
  const lists = (slot: number) => [...store.lists.values[store.species[slot]!]!, ...store.lists.values[store.services[slot]!]!];
  const wanted = Array.from(whole)
    .filter((slot) => [...species, ...services].every((key) => lists(slot).includes(key)))
    .map((slot) => store.ids[slot]);
  return { read, wanted, whole: Array.from(whole, (slot) => store.ids[slot]) };
}

describe('services and species listed per cell', () => {
  it("gives exactly each cell's vets that list the rarest wanted key, in the cell's own order", () => {
    const content = contentOf(Array.from({ length: 400 }, (_, i) => row(i + 1)));
    expect(cells(content)).toHaveLength(4);
    for (const cell of cells(content)) {
      // Rabbits (a quarter of the vets): exactly those, in the cell's order (a subsequence of it).
      const rabbits = readAndWanted(content, cell, ['rabbits'], []);
      expect(rabbits.read).toEqual(rabbits.wanted);
      expect(rabbits.read.length).toBeGreaterThan(0);
      expect(rabbits.read.length).toBeLessThan(rabbits.whole.length);
      // Two keys: the rarer one's list, which holds every vet with both.
      const both = readAndWanted(content, cell, ['rabbits'], ['Dentistry']);
      expect(both.read.length).toBeLessThan(rabbits.whole.length);
      expect(both.wanted.every((id) => both.read.includes(id))).toBe(true);
    }
    // A key every vet lists, or one no vet lists, has no lists: those searches read every vet as before.
    expect(content.keyCells.reader(['cats'], [])).toBe(EVERY_VET);
    expect(content.keyCells.reader(['horses'], [])).toBe(EVERY_VET);
  });

  it('reads a cell whole once a vet came or went there, and misses no vet when a freed slot is taken elsewhere', () => {
    const content = contentOf(Array.from({ length: 400 }, (_, i) => row(i + 1)));
    // Built now, before the changes.
    expect(content.keyCells.reader(['rabbits'], [])).not.toBe(EVERY_VET);
    const [a, b] = [cellOf(40.05, -70.05), cellOf(40.15, -70.15)];
    const untouched = cells(content).filter((cell) => cell !== a && cell !== b);
    // A rabbit vet leaves cell a; its slot is taken by a new rabbit vet in cell b.
    const leaving = Array.from(content.grid.slots(a), (slot) => content.store.ids[slot]!).find((id) => Math.floor(id / 4) % 4 === 2)!;
    content.remove(leaving);
    content.add(row(1000, { latitude: 40.15, longitude: -70.15, species_key: ['rabbits'] }));
    for (const cell of [a, b]) {
      const seen = readAndWanted(content, cell, ['rabbits'], []);
      expect(seen.read).toEqual(seen.whole);
    }
    expect(readAndWanted(content, b, ['rabbits'], []).wanted).toContain(1000);
    expect(readAndWanted(content, a, ['rabbits'], []).whole).not.toContain(leaving);
    for (const cell of untouched) {
      const seen = readAndWanted(content, cell, ['rabbits'], []);
      expect(seen.read).toEqual(seen.wanted);
    }
  });

  it('builds the lists again once many cells changed, so reviews that move ratings do not leave every cell read whole', () => {
    // 200 cells of 8 vets each; a new rating takes a vet out of its cell's lists and puts it back.
    const spread = (id: number) => ({ latitude: 40.05 + (id % 20) * 0.1, longitude: -70.05 - (Math.floor(id / 20) % 10) * 0.1 });
    const rows = Array.from({ length: 1600 }, (_, i) => row(i + 1, spread(i + 1)));
    const content = contentOf(rows);
    expect(cells(content)).toHaveLength(200);
    const built = content.keyCells;
    const rerate = (id: number) => {
      content.remove(id);
      content.add({ ...rows[id - 1]!, rating_count: 9, rating_sum: 45 });
    };
    // Ids 1-64 lie in 64 different cells: those are read whole, the lists are kept.
    for (let id = 1; id <= 64; id++) rerate(id);
    expect(content.keyCells).toBe(built);
    const first = cellOf(spread(1).latitude, spread(1).longitude);
    const before = readAndWanted(content, first, ['rabbits'], []);
    expect(before.read).toEqual(before.whole);
    // One more changed cell: the next search builds them again, and the changed cells read exactly their vets once more.
    rerate(65);
    expect(content.keyCells).not.toBe(built);
    for (const cell of cells(content)) {
      const seen = readAndWanted(content, cell, ['rabbits'], []);
      expect(seen.read).toEqual(seen.wanted);
    }
  });
});
