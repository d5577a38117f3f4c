// The clinic-name part of a 'what' (docs/product.md 33.2): the vets whose names match, in the recommended order,
// asked of each vet a walk meets by one bit (docs/decisions/262-name-matches-as-bit-sets.md).
import { describe, expect, it } from 'vitest';
import { NameIndex } from './search-words';
import { VetStore } from './vet-store';
import { namedVetRow } from './vet-rows.fixture';

const vet = (id: number, name: string, reviews = 0) => namedVetRow(id, name, { rating_count: reviews, rating_sum: reviews * 5 });

describe('NameIndex', () => {
  it('matches typed words with a typo and a prefix, best recommended first, and answers membership for every slot', () => {
    const store = new VetStore(64);
    store.add(vet(1, 'Maple Animal Hospital'), 0);
    store.add(vet(2, 'Harbor Animal Hospital', 40), 0);
    store.add(vet(3, 'Cedar Cat Clinic'), 0);
    store.add(vet(4, 'Hospital for Birds', 3), 0);
    const names = new NameIndex(store);
    const ids = (slots: ArrayLike<number>) => Array.from(slots, (slot) => store.ids[slot]);

    const hospital = names.match('hospitl');
    expect(ids(hospital.slots)).toEqual([2, 4, 1]);
    expect(hospital.size).toBe(3);
    expect([1, 2, 3, 4].map((id) => hospital.has(store.slotOf(id)))).toEqual([true, true, false, true]);
    // Slots past the end, and slots of a store that grew, are simply not matched.
    expect(hospital.has(63)).toBe(false);
    expect(hospital.has(10_000)).toBe(false);
    expect(ids(names.match('animal hosp').slots)).toEqual([2, 1]);
    expect(names.match('zebra').size).toBe(0);

    // A vet added after the match was remembered is found by the next search.
    store.add(vet(5, 'Lakeside Hospital'), 0);
    names.add(store.slotOf(5));
    expect(names.match('hospitl').has(store.slotOf(5))).toBe(true);

    // Vets taken out are no longer found, the others still are, in order; a word nobody holds any more matches nobody.
    for (let id = 6; id <= 12; id++) store.add(vet(id, `Lakeside Hospital ${id}`), 0);
    for (let id = 6; id <= 12; id++) names.add(store.slotOf(id));
    for (const id of [5, 8, 12]) names.remove(store.slotOf(id));
    expect(ids(names.match('lakeside').slots).sort((a, b) => a! - b!)).toEqual([6, 7, 9, 10, 11]);
    names.remove(store.slotOf(3));
    expect(names.match('cedar').size).toBe(0);
    expect(ids(names.match('hospitl').slots)).toEqual(expect.arrayContaining([2, 4, 1, 6, 7, 9, 10, 11]));
  });

  it('remembers at most a bounded number of bytes of matches, however many different names are searched', () => {
    const store = new VetStore(4096);
    for (let id = 1; id <= 4000; id++) store.add(vet(id, `Clinic ${id % 2 ? 'North' : 'South'} ${id}`), 0);
    // A budget of 100 KB: one match of 2,000 vets takes 8 KB of slots and 512 bytes of bits.
    const names = new NameIndex(store, 100_000);
    const words = ['north', 'south', 'clinic', 'nort', 'sout', 'clini', 'nrth', 'soth', 'clnic', 'norht', 'suoth', 'cilnic', 'clinc', 'noth', 'souh'];
    for (const word of words) expect(names.match(word).size).toBeGreaterThanOrEqual(2000);
    expect(names.rememberedBytes).toBeGreaterThan(0);
    expect(names.rememberedBytes).toBeLessThanOrEqual(100_000);
    // What was let go is worked out again, the same.
    expect(names.match('north').size).toBe(2000);
    expect(names.match('clinic').size).toBe(4000);
  });
});
