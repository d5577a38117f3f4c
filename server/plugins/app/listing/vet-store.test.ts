// The search index's store (docs/decisions/073): putting the vets in grid-cell order moves them to
// other slots but must keep every fact with its vet, and leave each cell's vets side by side.
import { describe, expect, it } from 'vitest';
import { VetStore, type VetRow } from './vet-store';

const row = (id: number, cell: number): VetRow => ({
  user_id: id,
  plan: (id % 3) + 1,
  paid_until: id % 2 ? null : 1_000 * id,
  sort_name: `vet ${id}`,
  city_key: `city ${id % 5}`,
  state: id % 4 ? 'NY' : null,
  species_key: id % 2 ? ['dog'] : ['cat', 'bird'],
  services_key: [],
  emergency: id % 7 === 0,
  accepting_new_patients: id % 3 === 0,
  latitude: 40 + cell / 1000,
  longitude: -70 - id / 1000,
  time_zone: 'America/New_York',
  week_hours: `{[${id},${id + 60})}`,
  sponsor_key: id / 1000,
  rating_count: id % 4,
  rating_sum: (id % 4) * ((id % 5) + 1),
  special_hours: id % 2 ? [{ date: '2026-12-25', closed: true }] : null,
});

describe('VetStore.orderByCell', () => {
  it('keeps every fact with its vet and puts the vets of a cell side by side', () => {
    const store = new VetStore(4);
    // Ids in one order, cells in another: 60 vets over 7 cells, so the store grows twice.
    const cells = new Map<number, number>();
    for (let id = 1; id <= 60; id++) {
      const cell = (id * 5) % 7;
      cells.set(id, cell);
      store.add(row(id, cell), cell);
    }
    const facts = (id: number) => {
      const slot = store.slotOf(id);
      return [
        store.ids[slot],
        store.plan[slot],
        store.isEmergency(slot),
        store.isAccepting(slot),
        store.x[slot],
        store.paidUntil[slot],
        store.text(store.city[slot]!),
        store.text(store.state[slot]!),
        store.lists.values[store.species[slot]!],
        store.weeks.values[store.hours[slot]!],
        store.names[slot],
        store.sponsorKey[slot],
        store.cell[slot],
        store.rating[slot],
        store.ratingCount[slot],
        store.special[slot] === -1 ? null : [...store.specials.values[store.special[slot]!]!.keys()],
      ];
    };
    const before = new Map([...cells.keys()].map((id) => [id, facts(id)]));
    store.orderByCell();
    for (const [id, known] of before) expect(facts(id)).toEqual(known);
    expect(store.size).toBe(60);
    const order = Array.from(store.cell.subarray(0, 60));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('is refused on a store with free slots, whose empty places it would scatter', () => {
    const store = new VetStore();
    store.add(row(1, 1), 1);
    store.add(row(2, 2), 2);
    store.remove(store.slotOf(1));
    expect(() => store.orderByCell()).toThrow(/free slots/);
  });
});
