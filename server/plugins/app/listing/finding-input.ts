// The parts of a search that issue 37 added (docs/product.md section 33): the
// 'what' (`q`), a map box (`bounds`) and whether 'open now' lists practices with unknown hours, each
// checked with a plain sentence for a 400.
import type { DoctorSearchBody } from '../../../../shared/schemas/doctor';
import { domainError } from '../../../lib/domain-error';
import { readWhat, type WhatWords } from './search-words';

/** A map box: south < north; west > east when it crosses the 180th meridian. */
export interface Bounds {
  north: number;
  south: number;
  east: number;
  west: number;
}

export const Q_MIN = 2;
export const Q_MAX = 80;
/** The widest map box searched, in miles (each side; a little slack over the 300 the contract names). */
export const BOX_MILES_MAX = 310;
const MILES_PER_DEGREE = 69.09;

export interface FindingInput {
  /** The 'what' as typed (collapsed), '' without one. */
  q: string;
  what: WhatWords;
  bounds: Bounds | null;
  includeHoursUnknown: boolean;
}

const collapse = (value: string) => value.trim().replace(/\s+/g, ' ');

/** Checks a 'what' text: 2-80 characters after trimming. */
export function checkWhat(raw: string | undefined): string {
  const q = collapse(raw ?? '');
  if (q && (q.length < Q_MIN || q.length > Q_MAX))
    throw domainError(400, 'VALIDATION_ERROR', `Enter ${Q_MIN} to ${Q_MAX} characters to search for.`, { field: 'q' });
  return q;
}

/** The box's width along a parallel of latitude, in miles. */
const widthAt = (lat: number, degrees: number) => degrees * MILES_PER_DEGREE * Math.cos((lat * Math.PI) / 180);

function checkBounds(bounds: DoctorSearchBody['bounds'], placeTyped: boolean): Bounds | null {
  if (!bounds) return null;
  const { north, south, east, west } = bounds;
  const bad = (message: string): never => {
    throw domainError(400, 'VALIDATION_ERROR', message, { field: 'bounds' });
  };
  if (placeTyped) bad('Search the map area or a place, not both.');
  if (![north, south].every((v) => Number.isFinite(v) && v >= -90 && v <= 90)) bad('A map box needs north and south latitudes from -90 to 90.');
  if (![east, west].every((v) => Number.isFinite(v) && v >= -180 && v <= 180)) bad('A map box needs east and west longitudes from -180 to 180.');
  if (north <= south) bad('A map box needs its north edge above its south edge.');
  const degrees = east >= west ? east - west : east + 360 - west;
  const nearEquator = south <= 0 && north >= 0 ? 0 : Math.min(Math.abs(north), Math.abs(south));
  if ((north - south) * MILES_PER_DEGREE > BOX_MILES_MAX || widthAt(nearEquator, degrees) > BOX_MILES_MAX)
    bad('That map area is too large to search. Zoom in to an area up to 300 miles across.');
  const round = (v: number) => Math.round(v * 1e5) / 1e5 || 0;
  return { north: round(north), south: round(south), east: round(east), west: round(west) };
}

/** The added parts of a search, checked; `placeTyped` when a zip code, city, state or position came too. */
export function readFinding(query: DoctorSearchBody, placeTyped: boolean): FindingInput {
  const q = checkWhat(query.q);
  const bounds = checkBounds(query.bounds, placeTyped);
  return {
    q,
    what: q ? readWhat(q) : { species: [], services: [], name: '' },
    bounds,
    includeHoursUnknown: query.include_hours_unknown === true && query.open_now === true,
  };
}

/** The centre of a box (the longitude halfway along it, across the 180th meridian too). */
export function boxCentre(b: Bounds): { latitude: number; longitude: number } {
  const span = b.east >= b.west ? b.east - b.west : b.east + 360 - b.west;
  let longitude = b.west + span / 2;
  if (longitude > 180) longitude -= 360;
  return { latitude: (b.north + b.south) / 2, longitude };
}

/** The least whole `n` with n / 1e5 >= `edge`, as the division compares (a box's south or west edge). */
function lowestScaled(edge: number): number {
  let n = Math.ceil(edge * 1e5);
  while ((n - 1) / 1e5 >= edge) n -= 1;
  while (n / 1e5 < edge) n += 1;
  return n;
}

/** The greatest whole `n` with n / 1e5 <= `edge` (a box's north or east edge). */
function highestScaled(edge: number): number {
  let n = Math.floor(edge * 1e5);
  while ((n + 1) / 1e5 <= edge) n += 1;
  while (n / 1e5 > edge) n -= 1;
  return n;
}

/**
 * A box in whole hundred-thousandths of a degree, the unit the store keeps points in: inBounds() of this box and a
 * stored point answers what it answers for the box and that point divided by 100,000, without a division a vet.
 */
export function scaledBounds(b: Bounds): Bounds {
  return { north: highestScaled(b.north), south: lowestScaled(b.south), east: highestScaled(b.east), west: lowestScaled(b.west) };
}

/** Whether a point lies in a box. */
export function inBounds(b: Bounds, latitude: number, longitude: number): boolean {
  if (latitude < b.south || latitude > b.north) return false;
  return b.east >= b.west ? longitude >= b.west && longitude <= b.east : longitude >= b.west || longitude <= b.east;
}
