// A 'what' near a place reads only the vets that offer what it asks for (docs/product.md 33.3;
// docs/decisions/271-service-and-species-lists-per-cell.md). Per service and per species that at most
// half of the vets list, each grid cell's vets that list it, in the cell's own order (best rating
// first), so that 'rabbit' near a zip code reads the rabbit vets of each cell instead of every vet in
// 25 miles. Built on the first such search, like the name index. A cell where a vet has come or gone
// since then is read whole, as without these lists: the walk tests every vet it reads against the
// whole search anyway, so these lists only choose what it reads, never what it finds.
import type { Grid } from './search-geometry';
import type { SlotList } from './slot-lists';
import type { VetStore } from './vet-store';

/** The lists are built again once more than this share of the occupied cells (and at least STALE_MIN) changed since. */
const STALE_SHARE = 1 / 16;
const STALE_MIN = 64;

/** A service or species is listed per cell when at most this share of vets have it: one that most vets have would save little reading. */
const RARE_SHARE = 1 / 2;

/** One service's or species' vets per cell: how many there were, the cells in ascending order, where each cell's vets start, and the vets. */
interface KeyList {
  count: number;
  cells: Int32Array;
  starts: Int32Array;
  slots: Int32Array;
}

/** The lists of one search: its rarest listed service or species. */
export interface KeyCellReader {
  /** The vets of `cell` to read, given the cell's whole list. */
  slots(cell: number, whole: SlotList): SlotList;
}

/** The reader of a search with no service or species listed per cell: each cell whole. */
export const EVERY_VET: KeyCellReader = { slots: (_cell, whole) => whole };

export class KeyCells {
  private readonly species = new Map<string, KeyList>();
  private readonly services = new Map<string, KeyList>();
  /** Cells whose vets changed since the lists were built: read whole. */
  private readonly changed = new Set<number>();
  /** How many changed cells make the lists stale. */
  private readonly staleAbove: number;

  constructor(store: VetStore, grid: Grid) {
    const lists = store.lists.values;
    // How many vets have each species and services list, then each key.
    const bySpecies = new Int32Array(lists.length);
    const byServices = new Int32Array(lists.length);
    const cells = Float64Array.from(grid.cells.keys()).sort();
    for (const cell of cells) {
      for (const slot of grid.slots(cell)) {
        bySpecies[store.species[slot]!]! += 1;
        byServices[store.services[slot]!]! += 1;
      }
    }
    this.staleAbove = Math.max(STALE_MIN, Math.floor(cells.length * STALE_SHARE));
    const live = store.size;
    const chosen = (perList: Int32Array) => {
      const perKey = new Map<string, number>();
      for (let n = 0; n < lists.length; n++) if (perList[n]) for (const key of new Set(lists[n])) perKey.set(key, (perKey.get(key) ?? 0) + perList[n]!);
      return new Map([...perKey].filter(([, count]) => count <= live * RARE_SHARE));
    };
    for (const [into, perList, column] of [
      [this.species, bySpecies, store.species],
      [this.services, byServices, store.services],
    ] as const) {
      const keys = chosen(perList);
      // Per list number, the chosen keys' builders it adds its vets to.
      const builders = [...keys].map(([key, count]) => ({
        key,
        count,
        cells: [] as number[],
        starts: [] as number[],
        slots: new Int32Array(count),
        at: 0,
        from: 0,
      }));
      const of = lists.map((list) => builders.filter((b) => list.includes(b.key)));
      for (const cell of cells) {
        for (const b of builders) b.from = b.at;
        for (const slot of grid.slots(cell)) for (const b of of[column[slot]!]!) b.slots[b.at++] = slot;
        // A cell none of whose vets list the key takes no room.
        for (const b of builders) {
          if (b.at === b.from) continue;
          b.cells.push(cell);
          b.starts.push(b.from);
        }
      }
      for (const b of builders) {
        into.set(b.key, { count: b.count, cells: Int32Array.from(b.cells), starts: Int32Array.from([...b.starts, b.at]), slots: b.slots });
      }
    }
  }

  /** A vet came into or left `cell` (a new rating is both): its lists there may be out of date, so searches read it whole. */
  touched(cell: number): void {
    this.changed.add(cell);
  }

  /** Whether so many cells are read whole that the lists should be built again (each review that moves a rating changes a cell). */
  get stale(): boolean {
    return this.changed.size > this.staleAbove;
  }

  /** What a search that wants every one of these services and species reads: its rarest listed one's lists, or every vet when none is listed. */
  reader(species: readonly string[], services: readonly string[]): KeyCellReader {
    let best: KeyList | undefined;
    for (const [map, keys] of [
      [this.species, species],
      [this.services, services],
    ] as const) {
      for (const key of keys) {
        const list = map.get(key);
        if (list && (!best || list.count < best.count)) best = list;
      }
    }
    if (!best) return EVERY_VET;
    const { cells, starts, slots } = best;
    const changed = this.changed;
    return {
      slots(cell, whole) {
        if (changed.has(cell)) return whole;
        // Binary search of the ascending cells.
        let lo = 0;
        let hi = cells.length;
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          if (cells[mid]! < cell) lo = mid + 1;
          else hi = mid;
        }
        return lo < cells.length && cells[lo] === cell ? slots.subarray(starts[lo]!, starts[lo + 1]!) : EMPTY;
      },
    };
  }
}

const EMPTY: SlotList = new Int32Array(0);
