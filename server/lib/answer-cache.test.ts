// The public answer cache (docs/product.md, 2.2a): bounded in count and in size, so that a client
// asking for many large answers cannot make the server hold them all, and emptied by its owner when
// a change it shows is announced.
import { describe, expect, it } from 'vitest';
import { cachedAnswer } from './http-cache';
import { AnswerCache } from './answer-cache';
import { createTestClock } from './clock';

const clock = createTestClock();

describe('AnswerCache', () => {
  it('keeps answers up to its size by pushing the oldest out, and never one larger than the whole', async () => {
    const cache = new AnswerCache(30_000, clock, 1_000);
    const big = (n: number) => cachedAnswer({ n, text: 'x'.repeat(300) });
    for (let n = 0; n < 10; n++) cache.set(`k${n}`, big(n));
    const { entries, chars } = cache.size;
    expect(chars).toBeLessThanOrEqual(1_000);
    expect(entries).toBe(3);
    expect(cache.get('k9')).toBeDefined();
    expect(cache.get('k0')).toBeUndefined();
    cache.set('huge', cachedAnswer({ text: 'x'.repeat(2_000) }));
    expect(cache.get('huge')).toBeUndefined();
    // Setting a key again replaces it without counting it twice.
    cache.set('k9', big(9));
    expect(cache.size.chars).toBe(chars);
  });

  it('reads once per key, keeps nothing for an answer not found, and drops everything on a clear', async () => {
    const cache = new AnswerCache(30_000, clock);
    let reads = 0;
    const read = async () => ({ reads: ++reads });
    const first = await cache.answer('a', read);
    expect(await cache.answer('a', read)).toBe(first);
    expect(reads).toBe(1);
    expect(await cache.answer('missing', async () => undefined)).toBeUndefined();
    expect(cache.size.entries).toBe(1);
    cache.clear();
    expect(await cache.answer('a', read)).not.toBe(first);
    expect(reads).toBe(2);
  });

  it('keeps nothing with the cache off or for an answer asked once, and reads each time', async () => {
    let reads = 0;
    const read = async () => ({ reads: ++reads });
    const off = new AnswerCache(0, clock);
    const first = await off.answer('a', read);
    expect(await off.answer('a', read)).not.toBe(first);
    const on = new AnswerCache(30_000, clock);
    await on.once(read);
    const again = await on.once(read);
    expect(JSON.parse(String(again!.json))).toEqual({ reads: 4 });
    expect([off.size.entries, on.size.entries]).toEqual([0, 0]);
  });

  it('keeps an answer for its time on the clock, then reads it again', async () => {
    const moved = createTestClock();
    const timed = new AnswerCache(30_000, moved);
    let reads = 0;
    const read = async () => ({ reads: ++reads });
    const first = await timed.answer('a', read);
    moved.advance(29_999);
    expect(await timed.answer('a', read)).toBe(first);
    moved.advance(1);
    expect(await timed.answer('a', read)).not.toBe(first);
    expect(reads).toBe(2);
  });

  it('drops only the answers under a prefix', async () => {
    const cache = new AnswerCache(30_000, clock);
    for (const key of ['12|1', '12|2', '123|1', '7|1']) cache.set(key, cachedAnswer({ key }));
    cache.dropPrefix('12|');
    expect(['12|1', '12|2', '123|1', '7|1'].map((key) => cache.get(key) !== undefined)).toEqual([false, false, true, true]);
  });

  it('keeps no answer read while a clear happened: it may show the state before the change', async () => {
    const cache = new AnswerCache(30_000, clock);
    await cache.answer('a', async () => {
      cache.clear();
      return { stale: true };
    });
    await cache.answer('b', async () => {
      cache.dropPrefix('c');
      return { stale: true };
    });
    expect(cache.size.entries).toBe(0);
  });
});
