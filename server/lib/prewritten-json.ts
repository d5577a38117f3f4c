// Answers with many numbers (a map box's up to 1,000 markers) spend most of JSON.stringify's time turning
// doubles into their shortest text. A value marked here writes itself with its own, faster writer when the
// answer is serialised by `stringify` (http-cache.ts); any other JSON.stringify writes it as usual. Node 20
// has no JSON.rawJSON, so the written bytes take the place of a token that JSON.stringify puts there
// (docs/decisions/253-map-markers-written-once.md). The answer is put together in one buffer: no string per number,
// and no joined string copied again to be measured and sent (docs/decisions/259-map-box-answers-without-garbage.md).
// An answer sent once is sent from that buffer, lent from a pool (decision 269); one kept is read out as a string.
import { randomUUID } from 'node:crypto';

/** Unguessable within the process: no text in an answer can pass for a token. */
const NONCE = `prewritten-${randomUUID()}-`;

/** The size of a buffer an answer is put together in: a full map box's answer (about 63 KB) fits twice. */
const LENT_BYTES = 1 << 17;

/** Where an answer with marked values is put together: UTF-8 bytes up to `at`, grown when a writer asks for room. */
export class JsonBytes {
  bytes: Buffer;
  at = 0;

  constructor(bytes: Buffer = Buffer.allocUnsafe(LENT_BYTES)) {
    this.bytes = bytes;
  }

  /** The bytes, with room for `n` more after `at`. */
  room(n: number): Buffer {
    if (this.at + n > this.bytes.length) {
      const larger = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.at + n));
      this.bytes.copy(larger, 0, 0, this.at);
      this.bytes = larger;
    }
    return this.bytes;
  }

  text(text: string): void {
    this.room(Buffer.byteLength(text));
    this.at += this.bytes.write(text, this.at);
  }
}

/**
 * Buffers lent to answers and given back (lendJson()), kept for the next answers up to this many (2 MB): more are
 * only lent at once while more answers are on their way out, and left to the garbage collector after.
 */
const MAX_IDLE = 16;
const idle: Buffer[] = [];

/** One buffer for stringify(): it runs to its end before another can start. */
const shared = new JsonBytes();
/** The writers of the marked values met by the JSON.stringify running now, in the answer's order; null outside it. */
let pending: ((out: JsonBytes) => void)[] | null = null;

/**
 * Marks `value` to be written by `write` (valid JSON for the same value, from `out.at` on) when stringify() or
 * lendJson() serialises it; any other JSON.stringify writes the value's `plain()` when it has one.
 */
export function prewritten<T extends object>(value: T, write: (value: T, out: JsonBytes) => void): T {
  Object.defineProperty(value, 'toJSON', {
    enumerable: false,
    value(this: T & { plain?: () => unknown }) {
      if (pending === null) return typeof this.plain === 'function' ? this.plain() : Array.isArray(this) ? Array.from(this) : { ...this };
      pending.push((out) => write(this, out));
      return `${NONCE}${pending.length - 1}`;
    },
  });
  return value;
}

/** JSON.stringify's text when no value in `body` is marked; else the answer put together in `into()`'s bytes. */
function assemble(body: unknown, into: () => JsonBytes): string | JsonBytes {
  const outer = pending;
  pending = [];
  try {
    const json = JSON.stringify(body);
    const writers = pending;
    if (writers.length === 0) return json;
    // A JSON.stringify inside a writer writes as usual.
    pending = null;
    const out = into();
    out.at = 0;
    let from = 0;
    for (let i = 0; i < writers.length; i++) {
      const token = `"${NONCE}${i}"`;
      const at = json.indexOf(token, from);
      out.text(json.slice(from, at));
      writers[i]!(out);
      from = at + token.length;
    }
    out.text(json.slice(from));
    return out;
  } finally {
    pending = outer;
  }
}

/** JSON.stringify, with each marked value written by its own writer in place of its token. */
export function stringify(body: unknown): string {
  const made = assemble(body, () => shared);
  return typeof made === 'string' ? made : made.bytes.toString('utf8', 0, made.at);
}

/** An answer's UTF-8 bytes in a lent buffer, sent as they are; `giveBack()` once they have gone out. */
export interface LentJson {
  bytes: Buffer;
  giveBack(): void;
}

/**
 * stringify() for an answer sent once and not kept: one with marked values (a map box's markers) comes back as
 * bytes in a buffer lent from a pool, not as a string. Such a string (63 KB for a full box) stayed alive on the
 * JavaScript heap until the socket had taken all of it, and under load the young generation copied it and moved
 * it to the old one; a new buffer for each answer instead made V8 run full collections for the memory outside
 * its heap (docs/decisions/269-map-box-answers-sent-from-lent-buffers.md). The bytes must not be read after
 * `giveBack()`: the next answer is written over them.
 */
export function lendJson(body: unknown): string | LentJson {
  const made = assemble(body, () => new JsonBytes(idle.pop()));
  if (typeof made === 'string') return made;
  let given = false;
  return {
    bytes: made.bytes.subarray(0, made.at),
    giveBack() {
      // Once only: a buffer in the pool twice would be lent to two answers at the same time.
      if (given) return;
      given = true;
      if (made.bytes.length === LENT_BYTES && idle.length < MAX_IDLE) idle.push(made.bytes);
    },
  };
}

/** "00" to "99": two digits written per division (docs/decisions/263-markers-written-two-digits-at-a-time.md). */
const PAIRS = Buffer.from(Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0')).join(''));

/** How many digits a whole number (0 to 2^53) has: comparisons below ten digits, which every id and coordinate is. */
function digitCount(value: number): number {
  if (value < 100_000) return value < 10 ? 1 : value < 100 ? 2 : value < 1000 ? 3 : value < 10_000 ? 4 : 5;
  if (value < 10_000_000_000) return value < 1_000_000 ? 6 : value < 10_000_000 ? 7 : value < 100_000_000 ? 8 : value < 1_000_000_000 ? 9 : 10;
  return 10 + digitCount(Math.floor(value / 10_000_000_000));
}

/**
 * `value` / `by`, rounded down: as 32-bit integers (`| 0`, which the compiler turns into a multiplication) for the
 * values every id and coordinate has, in floating point beyond them.
 */
const divide = (value: number, by: number) => (value <= 0x7fffffff ? (value / by) | 0 : Math.floor(value / by));

/** Writes the digits of the whole number `value` so that they end just before `end`, two at a time. */
function writeDigitsBefore(bytes: Uint8Array, end: number, value: number): void {
  let i = end;
  let rest = value;
  while (rest >= 100) {
    const next = divide(rest, 100);
    const pair = (rest - next * 100) * 2;
    bytes[--i] = PAIRS[pair + 1]!;
    bytes[--i] = PAIRS[pair]!;
    rest = next;
  }
  if (rest >= 10) {
    bytes[--i] = PAIRS[rest * 2 + 1]!;
    bytes[--i] = PAIRS[rest * 2]!;
  } else bytes[--i] = 48 + rest;
}

/** Writes a whole number's digits (with its sign) into `bytes` at `at`; answers the position after them. */
export function writeWhole(bytes: Uint8Array, at: number, value: number): number {
  if (value < 0) {
    bytes[at++] = 45; // -
    value = -value;
  }
  const end = at + digitCount(value);
  writeDigitsBefore(bytes, end, value);
  return end;
}

/**
 * `scaled` / 100,000 (a coordinate rounded to five decimals, as a whole number) written into `bytes` at `at` exactly
 * as JSON.stringify writes Math.round(v * 1e5) / 1e5, from integers: no double's shortest text, no string.
 */
export function writeFiveDecimals(bytes: Uint8Array, at: number, scaled: number): number {
  if (scaled < 0) {
    bytes[at++] = 45; // -
    scaled = -scaled;
  }
  const whole = divide(scaled, 100_000);
  at = writeWhole(bytes, at, whole);
  const fraction = scaled - whole * 100_000;
  if (fraction === 0) return at;
  bytes[at] = 46; // .
  // The fraction's digits end at the fifth place; the places before them are zeros.
  writeDigitsBefore(bytes, at + 6, fraction);
  for (let i = at + 1, digits = digitCount(fraction); digits < 5; i++, digits++) bytes[i] = 48;
  let end = at + 6;
  while (bytes[end - 1] === 48) end -= 1;
  return end;
}
