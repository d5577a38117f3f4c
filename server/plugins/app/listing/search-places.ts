// The places a search starts from (docs/product.md, Search): a zip code's point, the nearest zip code
// to a near-me position, and a typed city (typo-tolerant, city-names.ts), read from zip_codes and
// remembered.
import { sql, type SQL } from 'drizzle-orm';
import { US_STATES } from '../../../../shared/constants/us-states';
import type { Database } from '../../../db/client';
import { CityNames, type Place } from './city-names';
import type { NormalizedSearch, SearchOrigin } from './doctor-search';
import { indexQuery, remember } from './index-queries';

const originKey = (search: NormalizedSearch) =>
  search.position ? `@${search.position.latitude},${search.position.longitude}` : `${search.zip}|${search.city.toLowerCase()}`;
/** Near me reaches this far from the nearest known zip code: farther is outside the covered area (docs/product.md 21.2). */
const COVERED_DEGREES = 0.75;
/**
 * The zip codes that make a position covered: the 50 states, DC and the territories of the state list. The
 * military APO/FPO codes (AA, AE, AP) and the freely associated states' sit at bases abroad or at (0, 0),
 * and would cover London or the Gulf of Guinea (docs/product.md 21.2).
 */
const SERVED_STATES = sql.raw(
  `(${Object.keys(US_STATES)
    .map((code) => `'${code}'`)
    .join(', ')})`,
);
const cityLookupKey = (search: NormalizedSearch) => `${search.city}|${search.state}`;
/** A city as doctor_search keys it: lower case, spaces trimmed and collapsed. */
const cityKey = sql`regexp_replace(lower(btrim(z.city)), '\\s+', ' ', 'g')`;

/** The zip codes' places a search names, remembered per search place. */
export class Places {
  private readonly origins = new Map<string, SearchOrigin | null>();
  private readonly cities = new Map<string, Place | null>();
  /** The known places for typo-tolerant city names, read on the first unknown name (city-names.ts). */
  private names: CityNames | null = null;
  private namesLoading: Promise<CityNames> | null = null;

  constructor(private readonly database: Database) {}

  /** The search's origin if remembered (no await then). */
  rememberedOrigin(search: NormalizedSearch): SearchOrigin | null | undefined {
    return this.origins.get(originKey(search));
  }

  /** The search's picked city if remembered (no await then). */
  rememberedCity(search: NormalizedSearch): Place | null | undefined {
    return this.cities.get(cityLookupKey(search));
  }

  /** Where a search by zip code or position starts: null for an unknown zip code or a position outside the covered area. */
  origin(search: NormalizedSearch): Promise<SearchOrigin | null> {
    return search.position ? this.pointOrigin(search) : this.zipOrigin(search);
  }

  /** The zip code's place (and, with a city typed, how alike the names are), remembered. */
  private async zipOrigin(search: NormalizedSearch): Promise<SearchOrigin | null> {
    const key = originKey(search);
    if (this.origins.has(key)) return this.origins.get(key)!;
    const [row] = await this.query<SearchOrigin>(
      sql`SELECT zip, city, state, latitude, longitude,
        ${search.city ? sql`similarity(lower(city), ${search.city.toLowerCase()})` : sql`NULL::real`} AS city_similarity
        FROM zip_codes WHERE zip = ${search.zip}`,
    );
    return remember(this.origins, key, row ?? null);
  }

  /**
   * A near-me position as an origin: the position itself, named after the nearest zip code within about
   * 50 miles (a box of COVERED_DEGREES on the lat/lon index); null outside the covered area. Remembered.
   */
  private async pointOrigin(search: NormalizedSearch): Promise<SearchOrigin | null> {
    const key = originKey(search);
    if (this.origins.has(key)) return this.origins.get(key)!;
    const { latitude, longitude } = search.position!;
    const cos = Math.max(0.05, Math.cos((latitude * Math.PI) / 180));
    const dLon = Math.min(180, COVERED_DEGREES / cos);
    const [row] = await this.query<Omit<SearchOrigin, 'latitude' | 'longitude' | 'city_similarity'>>(
      sql`SELECT zip, city, state FROM zip_codes
        WHERE latitude BETWEEN ${latitude - COVERED_DEGREES} AND ${latitude + COVERED_DEGREES}
          AND longitude BETWEEN ${longitude - dLon} AND ${longitude + dLon}
          AND state IN ${SERVED_STATES}
        ORDER BY (latitude - ${latitude}) ^ 2 + ((longitude - ${longitude}) * ${cos}) ^ 2 LIMIT 1`,
    );
    return remember(this.origins, key, row ? { ...row, latitude, longitude, city_similarity: null } : null);
  }

  /**
   * Typo-tolerant: the exact city when it exists (one indexed lookup), else the most similar known place,
   * matched in memory (city-names.ts), remembered either way. The same statement reads the zip table's
   * change count, so the known places are read again only when zip codes changed: a made-up name costs
   * one short statement, never a trigram search over the zip table (issue 34 item 4, decision 129).
   */
  async pickCity(search: NormalizedSearch): Promise<Place | null> {
    const key = cityLookupKey(search);
    if (this.cities.has(key)) return this.cities.get(key)!;
    const stateCond = search.state ? sql`AND z.state = ${search.state}` : sql``;
    const [row] = await this.query<{ version: string | null; exact: Place | null }>(
      sql`SELECT (SELECT value FROM app_meta WHERE key = 'zip_codes_version') AS version,
        (SELECT json_build_object('city_key', ${cityKey}, 'city', z.city, 'state', z.state) FROM zip_codes z
          WHERE lower(z.city) = ${search.city} ${stateCond} ORDER BY z.state LIMIT 1) AS exact`,
    );
    if (row!.exact) return remember(this.cities, key, row!.exact);
    const names = await this.cityNames(row!.version ?? '0');
    return remember(this.cities, key, names.closest(search.city, search.state || null));
  }

  /** The known places, read again when the zip table's change count is not the one they were read at. */
  private async cityNames(version: string): Promise<CityNames> {
    if (this.names?.version === version) return this.names;
    this.namesLoading ??= (async () => {
      try {
        const [row] = await this.query<{ version: string | null; places: string }>(
          sql`SELECT (SELECT value FROM app_meta WHERE key = 'zip_codes_version') AS version,
            (SELECT coalesce(json_agg(json_build_array(p.city_key, p.city, p.state)), '[]'::json)
               FROM (SELECT DISTINCT ${cityKey} AS city_key, z.city, z.state FROM zip_codes z) p)::text AS places`,
        );
        const places = (JSON.parse(row!.places) as [string, string, string][]).map(([city_key, city, state]) => ({ city_key, city, state }));
        this.names = new CityNames(row!.version ?? '0', places);
        // Answers remembered from the places before may be wrong now.
        this.cities.clear();
        return this.names;
      } finally {
        this.namesLoading = null;
      }
    })();
    return this.namesLoading;
  }

  private query<T>(statement: SQL): Promise<T[]> {
    return indexQuery<T>(this.database, statement);
  }
}
