// A marked value is written by its own writer inside stringify() and as usual by any other JSON.stringify
// (docs/decisions/253-map-markers-written-once.md, 259); writeFiveDecimals and writeWhole write what JSON.stringify writes.
import { describe, expect, it } from 'vitest';
import { lendJson, prewritten, stringify, writeFiveDecimals, writeWhole, type JsonBytes, type LentJson } from './prewritten-json';

const round = (v: number) => Math.round(v * 1e5) / 1e5;
const bytes = new Uint8Array(32);
/** What writeFiveDecimals writes for a number rounded to five decimals, as text. */
const fiveDecimals = (value: number) => Buffer.from(bytes.subarray(0, writeFiveDecimals(bytes, 0, Math.round(value * 1e5)))).toString();

describe('writeFiveDecimals and writeWhole', () => {
  it('writes every five-decimal number as JSON.stringify does', () => {
    // Beyond 21,474.83647 the scaled value leaves 32 bits and another path writes it.
    const edges = [0, -0, 0.00001, -0.00001, 0.1, 1.5, 12.3, 90, -90, 180, -179.99999, 40.7349, -74.07471, 0.001, 123.45678, 0.0901, 7.00101];
    const large = [21_474.83647, 21_474.83648, 30_000.5, -99_999.00001, 1e9 + 0.25];
    for (const value of [...edges, ...large]) expect(fiveDecimals(value), String(value)).toBe(JSON.stringify(value));
    let seed = 7;
    const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647) * 360 - 180;
    for (let i = 0; i < 100_000; i++) {
      const value = round(random());
      expect(fiveDecimals(value) === JSON.stringify(value) ? 'same' : `${value}: ${fiveDecimals(value)}`).toBe('same');
    }
  });

  it('writes whole numbers as JSON.stringify does, after what is already written', () => {
    const wholes = [0, 7, 9, 10, 99, 100, 101, 999, 1000, 9999, 10_000, 99_999, 100_000, 999_999, 1_000_000, 9_999_999, 10_000_000];
    for (const value of [
      ...wholes,
      99_999_999,
      100_000_000,
      999_999_999,
      1_000_000_000,
      123456,
      2147483647,
      2147483648,
      2 ** 53 - 1,
      -1,
      -2147483648,
      -2147483649,
    ]) {
      const end = writeWhole(bytes, 3, value);
      expect(Buffer.from(bytes.subarray(3, end)).toString(), String(value)).toBe(JSON.stringify(value));
    }
  });
});

describe('prewritten values', () => {
  const markers = () =>
    prewritten(
      [
        { id: 1, latitude: 40.5, longitude: -74.00001 },
        { id: 2, latitude: 0, longitude: 179.99999 },
      ],
      (list, out: JsonBytes) => out.text(JSON.stringify(list).replace(/\{/g, '{ ')),
    );

  it('are written by their writer inside stringify, in place, and the rest as JSON.stringify writes it', () => {
    const body = { data: [{ name: 'A "quoted" name' }], markers: markers(), other: markers(), capped: false };
    const json = stringify(body);
    expect(json).toBe(
      '{"data":[{"name":"A \\"quoted\\" name"}],' +
        '"markers":[{ "id":1,"latitude":40.5,"longitude":-74.00001},{ "id":2,"latitude":0,"longitude":179.99999}],' +
        '"other":[{ "id":1,"latitude":40.5,"longitude":-74.00001},{ "id":2,"latitude":0,"longitude":179.99999}],"capped":false}',
    );
    expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(body)));
  });

  it('keep the text around them whole: characters beyond ASCII, and answers larger than the buffer they are put together in', () => {
    const long = Array.from({ length: 20_000 }, (_, i) => ({ id: i, latitude: 40.5, longitude: -74.00001 }));
    const body = { name: 'Café “Ünïcode” 🐾', markers: prewritten(long, (list, out: JsonBytes) => out.text(JSON.stringify(list))), after: 'é' };
    const json = stringify(body);
    expect(json.length).toBeGreaterThan(1 << 17);
    expect(json).toBe(JSON.stringify(body));
  });

  it('are written as usual by any other JSON.stringify, and a text that looks like a token stays text', () => {
    const body = { markers: markers(), note: 'prewritten-0' };
    expect(JSON.stringify(body)).toBe(
      '{"markers":[{"id":1,"latitude":40.5,"longitude":-74.00001},{"id":2,"latitude":0,"longitude":179.99999}],"note":"prewritten-0"}',
    );
    expect(stringify(body)).toContain('"note":"prewritten-0"');
    expect(Object.keys(body.markers)).toEqual(['0', '1']);
  });
});

describe('lent answers', () => {
  const marked = (n: number) =>
    prewritten(
      Array.from({ length: n }, (_, i) => ({ id: i, latitude: 40.5, longitude: -74.00001 })),
      (list, out: JsonBytes) => out.text(JSON.stringify(list)),
    );
  const lend = (body: unknown) => lendJson(body) as LentJson;

  it('are the bytes stringify() writes, and text when nothing in the answer is marked', () => {
    const body = { name: 'Café 🐾', markers: marked(3) };
    const lent = lend(body);
    expect(lent.bytes.toString()).toBe(stringify(body));
    expect(lendJson({ plain: [1, 2] })).toBe('{"plain":[1,2]}');
  });

  it('reuse a buffer given back, and never lend one buffer to two answers at once', () => {
    const first = lend({ markers: marked(2) });
    first.giveBack();
    // Given back twice by mistake, it still goes back to the pool once.
    first.giveBack();
    const second = lend({ markers: marked(2), n: 2 });
    const third = lend({ markers: marked(2), n: 3 });
    expect(second.bytes.buffer).toBe(first.bytes.buffer);
    expect(third.bytes.buffer).not.toBe(second.bytes.buffer);
    expect(JSON.parse(second.bytes.toString())).toMatchObject({ n: 2 });
    expect(JSON.parse(third.bytes.toString())).toMatchObject({ n: 3 });
  });

  it('keep an answer larger than a lent buffer whole, in a buffer of its own', () => {
    const body = { markers: marked(5_000), after: 'é' };
    const lent = lend(body);
    expect(lent.bytes.length).toBeGreaterThan(1 << 17);
    expect(lent.bytes.toString()).toBe(JSON.stringify(body));
    lent.giveBack();
  });
});
