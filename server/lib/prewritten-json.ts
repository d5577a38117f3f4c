// Answers with many numbers (a map box's up to 1,000 markers) spend most of JSON.stringify's time turning
// doubles into their shortest text. A value marked here writes itself with its own, faster writer when the
// answer is serialised by `stringify` (http-cache.ts); any other JSON.stringify writes it as usual. Node 20
// has no JSON.rawJSON, so the written text takes the place of a token that JSON.stringify puts there
// (docs/decisions/253-map-markers-written-once.md).
import { randomUUID } from 'node:crypto';

/** Unguessable within the process: no text in an answer can pass for a token. */
const NONCE = `prewritten-${randomUUID()}-`;
/** The texts of the marked values met by the stringify() running now; null outside it. */
let pending: string[] | null = null;

/** Marks `value` to be written by `write` (valid JSON for the same value) when stringify() serialises it. */
export function prewritten<T extends object>(value: T, write: (value: T) => string): T {
  Object.defineProperty(value, 'toJSON', {
    enumerable: false,
    value(this: T) {
      if (pending === null) return Array.isArray(this) ? Array.from(this) : { ...this };
      // A JSON.stringify inside the writer writes as usual.
      const texts = pending;
      pending = null;
      try {
        texts.push(write(this));
      } finally {
        pending = texts;
      }
      return `${NONCE}${texts.length - 1}`;
    },
  });
  return value;
}

/** JSON.stringify, with each marked value written by its own writer. */
export function stringify(body: unknown): string {
  const outer = pending;
  pending = [];
  try {
    let json = JSON.stringify(body);
    for (let i = pending.length - 1; i >= 0; i--) {
      const token = `"${NONCE}${i}"`;
      const at = json.indexOf(token);
      json = json.slice(0, at) + pending[i] + json.slice(at + token.length);
    }
    return json;
  } finally {
    pending = outer;
  }
}

const ZEROS = ['', '0', '00', '000', '0000'];

/**
 * A number already rounded to five decimals (Math.round(v * 1e5) / 1e5), written as JSON.stringify writes it,
 * from integers: about twice as fast as the shortest-double algorithm.
 */
export function fiveDecimals(value: number): string {
  const scaled = Math.round(value * 1e5);
  const sign = scaled < 0 ? '-' : '';
  const size = scaled < 0 ? -scaled : scaled;
  const whole = Math.floor(size / 100_000);
  let fraction = size - whole * 100_000;
  if (fraction === 0) return `${sign}${whole}`;
  let digits = 5;
  while (fraction % 10 === 0) {
    fraction /= 10;
    digits -= 1;
  }
  const text = String(fraction);
  return `${sign}${whole}.${ZEROS[digits - text.length]}${text}`;
}
