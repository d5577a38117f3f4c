// The index's lists of slots (docs/decisions/257-compact-search-index-lists.md): packed into one buffer by a load,
// changed one slot at a time by the change log, they keep their order and never spill into a neighbour.
import { describe, expect, it } from 'vitest';
import { SlotLists } from './slot-lists';
import { VetStore } from './vet-store';
import { namedVetRow as vet } from './vet-rows.fixture';

const byValue = (a: number, b: number) => a - b;
const all = (lists: SlotLists) => Object.fromEntries([...lists.keys()].map((key) => [key, Array.from(lists.of(key))]));

describe('SlotLists', () => {
  it('inserts and removes in order, the lists packed side by side staying apart', () => {
    const lists = SlotLists.packed(
      new Map([
        [1, [2, 4, 6]],
        [2, [1, 3]],
      ]),
    );
    lists.insert(1, 5, byValue);
    lists.insert(1, 7, byValue);
    lists.insert(1, 0, byValue);
    lists.insert(3, 9, byValue);
    lists.remove(2, 1, byValue);
    lists.remove(2, 8, byValue);
    expect(all(lists)).toEqual({ 1: [0, 2, 4, 5, 6, 7], 2: [3], 3: [9] });
    for (let slot = 10; slot < 40; slot++) lists.insert(2, slot, byValue);
    for (let slot = 10; slot < 40; slot += 2) lists.remove(2, slot, byValue);
    expect(lists.of(2)).toEqual(Int32Array.from([3, ...Array.from({ length: 15 }, (_, i) => 11 + 2 * i)]));
    expect(all(lists)[1]).toEqual([0, 2, 4, 5, 6, 7]);
    // A snapshot's three columns give the same lists back.
    expect(all(SlotLists.unpacked(...lists.pack()))).toEqual(all(lists));
  });
});

describe('VetStore names', () => {
  it('keeps each name through removals and repacking, in code-point order as the C collation', () => {
    const store = new VetStore(16);
    const names = ['zoo vet', 'ánimal care', 'a\u{1F436} dog place', 'a\uFF21 wide', 'abc', 'ab'];
    names.forEach((name, i) => store.add(vet(i + 1, name), 0));
    // Many changes of one vet: its old names are garbage, packed out as the buffer fills.
    for (let round = 0; round < 200; round++) {
      store.remove(store.slotOf(1));
      store.add(vet(1, `zoo vet ${round}`), 0);
    }
    const slots = [1, 2, 3, 4, 5, 6].map((id) => store.slotOf(id));
    expect(slots.map((slot) => store.name(slot))).toEqual(['zoo vet 199', ...names.slice(1)]);
    // UTF-8 byte order: U+1F436 (beyond U+FFFF) after U+FF21, where a JS string comparison puts it before; á after z.
    expect(slots.sort(store.byName).map((slot) => store.ids[slot])).toEqual([6, 5, 4, 3, 1, 2]);
  });
});
