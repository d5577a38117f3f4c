// Two more places a search can start from (docs/product.md 33.3 and 33.2): a map box, walked over the
// grid from its centre outwards with every match's marker, and no place at all (a 'what' alone), read
// from the list of every vet (or of the vets whose names match) in the recommended order.
import { SEARCH_COUNT_CAP, type DoctorSearchAnswer } from '../../../../shared/schemas/doctor';
import type { NormalizedSearch } from './doctor-search';
import { boxCentre, inBounds, scaledBounds, type Bounds } from './finding-input';
import { PREMIUM, type IndexContent } from './index-sync';
import { distanceScore } from './recommended-score';
import { extras, openFirst } from './search-finding';
import { cellsAround, TopK } from './search-geometry';
import { pageOf, plainWindow, siftFor, SPONSOR_CANDIDATES, SPONSORED_SLOTS, walkList, type Page } from './search-index';
import { earth, type Slot, type VetStore } from './vet-store';
import { prewritten, writeFiveDecimals, writeWhole, type JsonBytes } from '../../../lib/prewritten-json';
import type { SlotList } from './slot-lists';

/** Markers an answer carries at most (docs/product.md section 33). */
export const MARKERS_MAX = 1000;

type Markers = NonNullable<DoctorSearchAnswer['markers']>;
/** Each `{"id":…,"latitude":…,"longitude":…},` takes at most 62 bytes. */
const MARKER_BYTES = 64;
const ID = Buffer.from('{"id":');
const LATITUDE = Buffer.from(',"latitude":');
const LONGITUDE = Buffer.from(',"longitude":');

function copy(bytes: Uint8Array, at: number, text: Uint8Array): number {
  for (let i = 0; i < text.length; i++) bytes[at + i] = text[i]!;
  return at + text.length;
}

/**
 * A box's markers, kept as whole numbers (the id, then latitude and longitude in hundred-thousandths of a degree)
 * until the answer is written: no object per marker. Any JSON.stringify writes them as the answer's `markers`
 * (docs/decisions/259-map-box-answers-without-garbage.md); the answer's own serialisation writes their bytes.
 */
export class MarkerList {
  private readonly values: number[] = [];

  constructor() {
    prewritten(this, writeMarkers);
  }

  get length(): number {
    return this.values.length / 3;
  }

  push(id: number, latitude: number, longitude: number): void {
    this.values.push(id, latitude, longitude);
  }

  /** The markers as the answer's contract names them (DoctorSearchAnswer['markers']). */
  plain(): Markers {
    const markers: Markers = [];
    for (let i = 0; i < this.values.length; i += 3)
      markers.push({ id: this.values[i]!, latitude: this.values[i + 1]! / 1e5 || 0, longitude: this.values[i + 2]! / 1e5 || 0 });
    return markers;
  }

  /** Written from integers into the answer's bytes, as JSON.stringify writes plain(). */
  write(out: JsonBytes): void {
    const values = this.values;
    const bytes = out.room(this.length * MARKER_BYTES + 2);
    let at = out.at;
    bytes[at++] = 91; // [
    for (let i = 0; i < values.length; i += 3) {
      if (i > 0) bytes[at++] = 44; // ,
      at = writeWhole(bytes, copy(bytes, at, ID), values[i]!);
      at = writeFiveDecimals(bytes, copy(bytes, at, LATITUDE), values[i + 1]!);
      at = writeFiveDecimals(bytes, copy(bytes, at, LONGITUDE), values[i + 2]!);
      bytes[at++] = 125; // }
    }
    bytes[at++] = 93; // ]
    out.at = at;
  }
}

function writeMarkers(markers: MarkerList, out: JsonBytes): void {
  markers.write(out);
}

/** The order a search asks for among vets with `d2` (and `score`) filled. */
function orderOf(store: VetStore, search: NormalizedSearch) {
  const sort = search.sort;
  return openFirst(
    store,
    search,
    sort === 'name' ? store.byName : sort === 'rating' ? store.byRatingNearest : sort === 'distance' ? store.nearest : store.byScore,
  );
}

/**
 * A map box: the grid's cells from the box's centre outwards (cellsAround() over the circle through its
 * corners), each vet tested against the box itself. Every match gives a marker up to MARKERS_MAX; the walk
 * stops after the cell in which the count passes the cap, so a page is ranked among the ~1,000 matches
 * nearest the centre (the box then holds more than the markers show, and `markers_capped` says so).
 */
export function inBox(content: IndexContent, search: NormalizedSearch, box: Bounds, at: Date): Page {
  const { store, grid } = content;
  const centre = boxCentre(box);
  const origin = earth(centre.latitude, centre.longitude);
  const [ox, oy, oz] = origin;
  // Half the diagonal, in miles, with a little slack: the circle holds the whole box.
  const halfHeight = ((box.north - box.south) / 2) * 69.09;
  const span = box.east >= box.west ? box.east - box.west : box.east + 360 - box.west;
  const halfWidth = (span / 2) * 69.17 * Math.cos((Math.min(Math.abs(box.north), Math.abs(box.south)) * Math.PI) / 180);
  const miles = Math.sqrt(halfHeight ** 2 + halfWidth ** 2) * 1.05 + 1;
  const around = cellsAround(grid, centre.latitude, centre.longitude, miles, origin);
  const matches = siftFor(content, search, at);
  if (matches.nobody)
    return { sponsored: [], plain: [], chords: new Map(), total: 0, extra: extras(search, matches, { list: new MarkerList(), capped: false }) };
  const { d2, score, rating, x, y, z } = store;
  const minTenths = search.minRating * 10;
  const listed = new TopK<Slot>(search.start + search.count + SPONSORED_SLOTS, orderOf(store, search));
  const premium = new TopK<Slot>(SPONSOR_CANDIDATES, store.nearest);
  const markers = new MarkerList();
  // The coordinates a marker shows (five decimals) are the ones tested against the box, as whole numbers.
  const scaled = scaledBounds(box);
  // Each cell's vets to read: with a service or species asked for, those that list the rarest of them (key-cells.ts).
  const wanted = content.cellReader(search.what);
  let total = 0;
  for (let i = 0; i < around.cells.length && total <= SEARCH_COUNT_CAP; i++) {
    const slots = wanted.slots(around.cells[i]!, grid.slots(around.cells[i]!));
    for (let j = 0; j < slots.length; j++) {
      const slot = slots[j]!;
      if (rating[slot]! < minTenths) break;
      if (!inBounds(scaled, store.latitude[slot]!, store.longitude[slot]!) || !matches(slot)) continue;
      const dx = x[slot]! - ox;
      const dy = y[slot]! - oy;
      const dz = z[slot]! - oz;
      d2[slot] = dx * dx + dy * dy + dz * dz;
      score[slot] = store.recommended[slot]! + distanceScore(Math.sqrt(d2[slot]));
      total += 1;
      if (markers.length < MARKERS_MAX) markers.push(store.ids[slot]!, store.latitude[slot]!, store.longitude[slot]!);
      if (store.plan[slot] === PREMIUM) premium.offer(slot);
      listed.offer(slot);
    }
  }
  const { sponsored, plain } = pageOf(store, search, premium, listed, at);
  return {
    sponsored,
    plain,
    chords: new Map(),
    total: Math.min(total, SEARCH_COUNT_CAP + 1),
    extra: extras(search, matches, { list: markers, capped: total > MARKERS_MAX }),
  };
}

/**
 * A 'what' of species or services alone: the vets that offer it, in the recommended order, picked out of the list of
 * every vet by one tight pass over their list numbers (a few nanoseconds a vet), or null when more than the count's
 * cap offer it: the walk of the list of every vet then meets enough of them within about the stretch this pass has
 * read, and stops there. A word few practices offer no longer walks every vet through the whole filter, a common one
 * no longer reads every vet first.
 */
function offering(store: VetStore, search: NormalizedSearch, all: SlotList): Slot[] | null {
  const { species, services } = search.what;
  if (species.length === 0 && services.length === 0) return null;
  const lists = store.lists.values;
  // A word no list holds never reaches here: the sift's `nobody` answered first.
  const fits = (wanted: string[]) => {
    if (wanted.length === 0) return null;
    const ok = new Uint8Array(lists.length);
    for (let n = 0; n < lists.length; n++) ok[n] = wanted.every((key) => lists[n]!.includes(key)) ? 1 : 0;
    return ok;
  };
  const bySpecies = fits(species);
  const byServices = fits(services);
  const found: Slot[] = [];
  for (let i = 0; i < all.length; i++) {
    const slot = all[i]!;
    if (bySpecies && bySpecies[store.species[slot]!] === 0) continue;
    if (byServices && byServices[store.services[slot]!] === 0) continue;
    found.push(slot);
    if (found.length > SEARCH_COUNT_CAP) return null;
  }
  return found;
}

/**
 * No place, a 'what' alone: the vets whose names match (best static part first), or every vet in that
 * order for service and species words alone; walked like a state's list. No Sponsored slots: they are
 * for a place.
 */
export function inAll(content: IndexContent, search: NormalizedSearch, at: Date): Page {
  const { store } = content;
  const matches = siftFor(content, search, at);
  if (matches.nobody) return { sponsored: [], plain: [], chords: new Map(), total: 0, extra: extras(search, matches) };
  const all = content.recommendedAll.of(0);
  const list = search.what.name ? content.names.match(search.what.name).slots : (offering(store, search, all) ?? all);
  const { offset, limit } = plainWindow(search, 0);
  if (search.sort === 'name' || search.sort === 'rating') {
    // Another order than the list's: the first matches past the cap, ordered.
    const listed = new TopK<Slot>(offset + limit, openFirst(store, search, search.sort === 'name' ? store.byName : store.byRating));
    let total = 0;
    // NOTE: an indexed loop, as in walkList(): `list` is an array or an Int32Array (slot-lists.ts).
    for (let i = 0; i < list.length; i++) {
      const slot = list[i]!;
      if (total > SEARCH_COUNT_CAP) break;
      if (!matches(slot)) continue;
      total += 1;
      listed.offer(slot);
    }
    return {
      sponsored: [],
      plain: listed.sorted().slice(offset),
      chords: new Map(),
      total: Math.min(total, SEARCH_COUNT_CAP + 1),
      extra: extras(search, matches),
    };
  }
  const { plain, total } = walkList(store, search, list, matches, new Set(), offset, limit);
  return { sponsored: [], plain, chords: new Map(), total, extra: extras(search, matches) };
}
