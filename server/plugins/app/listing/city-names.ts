// The known places (every distinct city and state of zip_codes, about 30k) in memory, with an inverted
// list of their trigrams, for the typo-tolerant city search (docs/product.md 7.2, "Showing results for
// ..."): a city that is not known exactly is matched here, not by a trigram search over the zip table,
// which cost 300-670 ms of the embedded database for one 80-character made-up name (issue 34 item 4;
// docs/decisions/129-unknown-cities-matched-in-memory.md). The trigrams and the similarity are
// pg_trgm's, so the answers are the ones the database gave.

export interface Place {
  /** The city as doctor_search keys it (lower case, spaces collapsed). */
  city_key: string;
  city: string;
  state: string;
}

/** pg_trgm's default similarity_threshold: the `%` operator's bound. */
const THRESHOLD = 0.3;

/**
 * pg_trgm's trigrams of `text`: each run of letters and digits, in lower case, padded with two spaces
 * before and one after, cut into every run of three characters; each trigram once.
 */
export function trigrams(text: string): Set<string> {
  const found = new Set<string>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const chars = [...`  ${word} `];
    for (let i = 0; i + 3 <= chars.length; i++) found.add(chars[i]! + chars[i + 1]! + chars[i + 2]!);
  }
  return found;
}

/** pg_trgm's similarity: shared trigrams over all trigrams of both, in single precision as it computes it. */
const similarity = (shared: number, a: number, b: number) => (a === 0 || b === 0 ? 0 : Math.fround(shared / (a + b - shared)));

/** pg_trgm's similarity(a, b). */
export function similarityOf(a: string, b: string): number {
  const [x, y] = [trigrams(a), trigrams(b)];
  let shared = 0;
  for (const trigram of x) if (y.has(trigram)) shared++;
  return similarity(shared, x.size, y.size);
}

export class CityNames {
  readonly places: Place[];
  /** Each place's number of trigrams. */
  private readonly sizes: Uint16Array;
  /** trigram -> the places (their numbers) that have it. */
  private readonly postings = new Map<string, Int32Array>();
  /** Shared trigrams per place, zeroed again after each lookup. */
  private readonly shared: Uint16Array;

  /** `version` is the zip table's change count the places were read at (see SearchIndex.pickCity). */
  constructor(
    readonly version: string,
    places: Place[],
  ) {
    this.places = places;
    this.sizes = new Uint16Array(places.length);
    this.shared = new Uint16Array(places.length);
    const lists = new Map<string, number[]>();
    places.forEach((place, i) => {
      const own = trigrams(place.city);
      this.sizes[i] = own.size;
      for (const trigram of own) {
        const list = lists.get(trigram);
        if (list) list.push(i);
        else lists.set(trigram, [i]);
      }
    });
    for (const [trigram, list] of lists) this.postings.set(trigram, Int32Array.from(list));
  }

  /**
   * The most similar place (in `state` when given) at pg_trgm's threshold or above, ties by city then
   * state, as `ORDER BY similarity(lower(city), $1) DESC, city, state LIMIT 1` over `lower(city) % $1`
   * answered. The work is bounded by the lists of the name's trigrams: at most every trigram of every
   * place once, whatever the name.
   */
  closest(name: string, state: string | null): Place | null {
    const wanted = trigrams(name);
    const touched: number[] = [];
    for (const trigram of wanted) {
      const list = this.postings.get(trigram);
      if (!list) continue;
      for (const i of list) if (this.shared[i]!++ === 0) touched.push(i);
    }
    let best = -1;
    let bestScore = 0;
    for (const i of touched) {
      const score = similarity(this.shared[i]!, wanted.size, this.sizes[i]!);
      this.shared[i] = 0;
      if (score < THRESHOLD || (state && this.places[i]!.state !== state)) continue;
      if (best === -1 || score > bestScore || (score === bestScore && comesFirst(this.places[i]!, this.places[best]!))) {
        best = i;
        bestScore = score;
      }
    }
    return best === -1 ? null : this.places[best]!;
  }
}

function comesFirst(a: Place, b: Place): boolean {
  return a.city !== b.city ? a.city < b.city : a.state < b.state;
}
