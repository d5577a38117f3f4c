// A zip code's city, state and time zone, for the vet's wizard (docs/product.md 28.5). The zip_codes
// table holds no time zone, so it is worked out from the state and, in the states that two zones
// share, from the longitude (docs/decisions/177-time-zone-from-zip.md). The vet can still change it.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { zipCodes } from '../../../db/schema';

export interface ZipPlace {
  zip: string;
  city: string;
  state: string;
  timeZone: string;
}

const EAST = 'America/New_York';
const CENTRAL = 'America/Chicago';
const MOUNTAIN = 'America/Denver';
const PACIFIC = 'America/Los_Angeles';

const ZONE_OF_STATE: Record<string, string> = {
  AL: CENTRAL,
  AR: CENTRAL,
  IL: CENTRAL,
  IA: CENTRAL,
  LA: CENTRAL,
  MN: CENTRAL,
  MS: CENTRAL,
  MO: CENTRAL,
  OK: CENTRAL,
  WI: CENTRAL,
  CT: EAST,
  DE: EAST,
  DC: EAST,
  GA: EAST,
  ME: EAST,
  MD: EAST,
  MA: EAST,
  NH: EAST,
  NJ: EAST,
  NY: EAST,
  NC: EAST,
  OH: EAST,
  PA: EAST,
  RI: EAST,
  SC: EAST,
  VT: EAST,
  VA: EAST,
  WV: EAST,
  CO: MOUNTAIN,
  MT: MOUNTAIN,
  NM: MOUNTAIN,
  UT: MOUNTAIN,
  WY: MOUNTAIN,
  CA: PACIFIC,
  NV: PACIFIC,
  WA: PACIFIC,
  AZ: 'America/Phoenix',
  AK: 'America/Anchorage',
  HI: 'Pacific/Honolulu',
  PR: 'America/Puerto_Rico',
  VI: 'America/Puerto_Rico',
};

/**
 * States that two zones share: the zone west of the line, the line's longitude, the zone east of it.
 * A straight meridian is an approximation of county lines; the wizard shows the zone for the vet to check.
 */
const SPLIT_STATES: Record<string, [west: string, longitude: number, east: string]> = {
  FL: [CENTRAL, -85.0, EAST],
  IN: [CENTRAL, -87.0, EAST],
  KY: [CENTRAL, -85.9, EAST],
  TN: [CENTRAL, -85.0, EAST],
  MI: [CENTRAL, -87.6, EAST],
  ND: [MOUNTAIN, -101.3, CENTRAL],
  SD: [MOUNTAIN, -100.5, CENTRAL],
  NE: [MOUNTAIN, -101.4, CENTRAL],
  KS: [MOUNTAIN, -101.5, CENTRAL],
  TX: [MOUNTAIN, -104.9, CENTRAL],
  ID: [PACIFIC, -116.3, MOUNTAIN],
  OR: [PACIFIC, -117.9, MOUNTAIN],
};

/** The time zone of a place in `state` (two-letter code) at `longitude`, or New York's when the state is unknown. */
export function timeZoneAt(state: string, longitude: number): string {
  const split = SPLIT_STATES[state];
  if (split) return longitude < split[1] ? split[0] : split[2];
  return ZONE_OF_STATE[state] ?? EAST;
}

/** The place of a five-digit zip code, or undefined when the table does not know it. */
export async function findZipPlace(db: DbOrTx, zip: string): Promise<ZipPlace | undefined> {
  const [row] = await db.select().from(zipCodes).where(eq(zipCodes.zip, zip)).limit(1);
  if (!row) return undefined;
  return { zip: row.zip, city: row.city, state: row.state, timeZone: timeZoneAt(row.state, row.longitude) };
}
