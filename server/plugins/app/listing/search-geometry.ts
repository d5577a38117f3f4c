// The geometry of the search index (docs/decisions/082-search-scan-in-cell-order.md): a grid of cells
// of a tenth of a degree holding the vets' slots, the cells a circle touches nearest first, and the
// sorted lists and bounded heap a search keeps its candidates in.
import type { VetStore, Slot } from './vet-store';
import { chordFor, earth, EARTH_MILES } from './vet-store';
import { SlotLists, type SlotList } from './slot-lists';

/** Grid cells of a tenth of a degree (about 7 by 5 miles in the US). */
const CELL_DEGREES = 0.1;
const LON_CELLS = 360 / CELL_DEGREES;
const LAT_CELLS = 180 / CELL_DEGREES;
/** cellsAround(): bounds are rounded down to 1/NEAR_STEPS of a square mile... */
const NEAR_STEPS = 1024;
/** ...and a box holds fewer cells than this (at most 30 rows of 3,600 at 100 miles near a pole). */
const MAX_CELLS_AROUND = 2 ** 20;

/** Cells near a point, nearest first, with lower bounds of the squared chord to them. */
export interface CellsAround {
  cells: Int32Array;
  near2: Float64Array;
}

/**
 * Slots per grid cell, each list in `order` (best shown rating first, then more reviews, then id), so
 * a cell's first vet is its best and a scan with `min_rating` stops at the first one below it; and a
 * bit per cell of the globe saying whether it has a list (128 KB... 810 KB).
 */
export class Grid {
  private lists = new SlotLists();
  private readonly occupied = new Uint32Array(Math.ceil((LAT_CELLS * LON_CELLS) / 32));

  constructor(private readonly order: (a: Slot, b: Slot) => number) {}

  /** Whether a cell has ever held a vet: a bit test, cheaper than a map lookup for the many empty cells of a box. */
  has(cell: number): boolean {
    return (this.occupied[cell >>> 5]! & (1 << (cell & 31))) !== 0;
  }

  slots(cell: number): SlotList {
    return this.lists.of(cell);
  }

  /** Adds a slot in order. */
  add(cell: number, slot: Slot): void {
    this.lists.insert(cell, slot, this.order);
    this.occupied[cell >>> 5]! |= 1 << (cell & 31);
  }

  /** Its lists by cell, for a snapshot (index-snapshot.ts). */
  get cells(): SlotLists {
    return this.lists;
  }

  /** Takes the lists of a load (packed) or a snapshot, each already in order. */
  restore(lists: SlotLists): void {
    this.lists = lists;
    for (const cell of lists.keys()) this.occupied[cell >>> 5]! |= 1 << (cell & 31);
  }

  /** Takes a slot out (call it before the slot's rating changes in the store: the list is searched in order). */
  remove(cell: number, slot: Slot): void {
    this.lists.remove(cell, slot, this.order);
  }
}

/** Per grid row: the chord from a cell's centre to its farthest corner (every cell of a row has the same shape). */
const rowReach = new Float64Array(LAT_CELLS).fill(-1);
function cellReach(row: number): number {
  if (rowReach[row]! >= 0) return rowReach[row]!;
  const rowSouth = row * CELL_DEGREES - 90;
  const [cx, cy, cz] = earth(rowSouth + CELL_DEGREES / 2, CELL_DEGREES / 2);
  let reach = 0;
  for (const la of [rowSouth, rowSouth + CELL_DEGREES]) {
    const [px, py, pz] = earth(la, 0);
    reach = Math.max(reach, Math.sqrt((px - cx) ** 2 + (py - cy) ** 2 + (pz - cz) ** 2));
  }
  rowReach[row] = reach;
  return reach;
}

export const cellOf = (lat: number, lon: number) => {
  const row = Math.min(Math.floor((lat + 90) / CELL_DEGREES), LAT_CELLS - 1);
  const col = ((Math.floor((lon + 180) / CELL_DEGREES) % LON_CELLS) + LON_CELLS) % LON_CELLS;
  return row * LON_CELLS + col;
};

/** Index of the first item of a sorted list for which `before` is false (the list's partition point). */
export function partitionPoint<T>(list: ArrayLike<T>, before: (item: T) => boolean): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(list[mid]!)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The k smallest items offered, by `compare` (a bounded max-heap: most offers are refused at the top). */
export class TopK<T> {
  private readonly heap: T[] = [];
  constructor(
    private readonly k: number,
    private readonly compare: (a: T, b: T) => number,
  ) {}

  offer(item: T): void {
    const { heap, compare } = this;
    if (this.k <= 0) return;
    if (heap.length < this.k) {
      heap.push(item);
      for (let i = heap.length - 1; i > 0;) {
        const parent = (i - 1) >> 1;
        if (compare(heap[i]!, heap[parent]!) <= 0) break;
        [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
        i = parent;
      }
    } else if (compare(item, heap[0]!) < 0) {
      heap[0] = item;
      for (let i = 0; ;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let top = i;
        if (l < heap.length && compare(heap[l]!, heap[top]!) > 0) top = l;
        if (r < heap.length && compare(heap[r]!, heap[top]!) > 0) top = r;
        if (top === i) break;
        [heap[i], heap[top]] = [heap[top]!, heap[i]!];
        i = top;
      }
    }
  }

  /** Whether k items are held; then `worst` is the largest of them. */
  get full(): boolean {
    return this.heap.length >= this.k;
  }

  get worst(): T | undefined {
    return this.heap[0];
  }

  sorted(): T[] {
    return [...this.heap].sort(this.compare);
  }
}

/**
 * The cells in order of their best vet (best first), ties nearest first. Each cell is one number,
 * its best's rating and count turned round (smaller is better) and its position (below 2^20),
 * under 2^53, so a plain numeric sort of a typed array orders them.
 */
export function bestCellsFirst(grid: Grid, store: VetStore, cells: Int32Array): Int32Array {
  const { rating, ratingCount } = store;
  const keys = new Float64Array(cells.length);
  for (let i = 0; i < cells.length; i++) {
    const best = grid.slots(cells[i]!)[0];
    const rank = best === undefined ? 51 * 2 ** 26 : (50 - rating[best]!) * 2 ** 26 + (2 ** 26 - 1 - Math.min(ratingCount[best]!, 2 ** 26 - 1));
    keys[i] = rank * MAX_CELLS_AROUND + i;
  }
  keys.sort();
  const sorted = new Int32Array(cells.length);
  for (let i = 0; i < keys.length; i++) sorted[i] = cells[keys[i]! % MAX_CELLS_AROUND]!;
  return sorted;
}

/**
 * Grid cells that a circle of `miles` around a point can touch, nearest first, each with a lower
 * bound of the squared chord from the point to anything in it (the chord to the cell's centre
 * less the chord from its centre to its farthest corner: the triangle inequality). Cells with no
 * vet or wholly outside the circle are left out.
 */
export function cellsAround(grid: Grid, lat: number, lon: number, miles: number, origin: [number, number, number]): CellsAround {
  // One degree of latitude is 69.09 miles; 69 keeps the box a little larger than the circle.
  const dLat = miles / 69 + CELL_DEGREES / 100;
  const south = Math.max(-90, lat - dLat);
  const north = Math.min(90, lat + dLat);
  const widest = Math.max(Math.abs(south), Math.abs(north));
  const dLon = widest >= 89.9 ? 180 : dLat / Math.cos((widest * Math.PI) / 180);
  const rowFrom = Math.floor((south + 90) / CELL_DEGREES);
  const rowTo = Math.min(Math.floor((north + 90) / CELL_DEGREES), LAT_CELLS - 1);
  const colFrom = Math.floor((lon - dLon + 180) / CELL_DEGREES);
  const cols = Math.min(LON_CELLS, Math.floor((lon + dLon + 180) / CELL_DEGREES) - colFrom + 1);
  const [ox, oy, oz] = origin;
  const reach2 = chordFor(miles) ** 2;
  // A cell centre's point is earth(latitude, longitude) taken apart: the longitude's sine and
  // cosine are worked out once per column, the latitude's once per row.
  const cosLon = new Float64Array(cols);
  const sinLon = new Float64Array(cols);
  for (let c = 0; c < cols; c++) {
    const lonCentre = (((colFrom + c) * CELL_DEGREES - 180 + CELL_DEGREES / 2) * Math.PI) / 180;
    cosLon[c] = Math.cos(lonCentre);
    sinLon[c] = Math.sin(lonCentre);
  }
  // Each cell found is one number, its bound rounded down to 1/1024 of a square mile and its
  // position in `found` below: the numbers sort natively (no comparator, no objects) into
  // nearest-first order, and the rounded bound is still a lower bound.
  const found: number[] = [];
  const keys: number[] = [];
  for (let row = rowFrom; row <= rowTo; row++) {
    const rowSouth = row * CELL_DEGREES - 90;
    const latCentre = ((rowSouth + CELL_DEGREES / 2) * Math.PI) / 180;
    const flat = EARTH_MILES * Math.cos(latCentre);
    const cz = EARTH_MILES * Math.sin(latCentre);
    const reach = cellReach(row);
    for (let c = 0; c < cols; c++) {
      const col = (((colFrom + c) % LON_CELLS) + LON_CELLS) % LON_CELLS;
      const cell = row * LON_CELLS + col;
      if (!grid.has(cell)) continue;
      const dx = flat * cosLon[c]! - ox;
      const dy = flat * sinLon[c]! - oy;
      const dz = cz - oz;
      const near = Math.max(0, Math.sqrt(dx * dx + dy * dy + dz * dz) - reach);
      if (near * near > reach2) continue;
      keys.push(Math.floor(near * near * NEAR_STEPS) * MAX_CELLS_AROUND + found.length);
      found.push(cell);
    }
  }
  const sorted = Float64Array.from(keys).sort();
  const cells = new Int32Array(sorted.length);
  const near2 = new Float64Array(sorted.length);
  for (let i = 0; i < sorted.length; i++) {
    const key = sorted[i]!;
    cells[i] = found[key % MAX_CELLS_AROUND]!;
    near2[i] = Math.floor(key / MAX_CELLS_AROUND) / NEAR_STEPS;
  }
  return { cells, near2 };
}
