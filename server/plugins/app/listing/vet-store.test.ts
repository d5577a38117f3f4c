// The search index's store (docs/decisions/073): putting the vets in grid-cell order moves them to
// other slots but must keep every fact with its vet, and leave each cell's vets side by side.
import { describe, expect, it } from 'vitest';
import { VetStore, type VetRow } from './vet-store';
import { IndexContent } from './index-sync';

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
  claimed: id % 3 !== 0,
  has_photos: id % 2 === 0,
  response_hours: id % 5 ? id : null,
  next_available: null,
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
        store.name(slot),
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

describe('a city search in the recommended order (docs/product.md 33.1)', () => {
  const at = (id: number, milesNorth: number, city: string, state: string): VetRow => ({
    ...row(id, 0),
    city_key: city,
    state,
    // A mile is about 1/69 of a degree of latitude.
    latitude: 40 + milesNorth / 69,
    longitude: -70,
    rating_count: 0,
    rating_sum: 0,
    claimed: true,
    has_photos: true,
    response_hours: null,
  });

  it('ranks a loaded city from the centre of its practices, per state, and again when the centre moves', () => {
    const store = new VetStore(8);
    // Springfield, NY: four near each other and one 40 miles north, listed first. Springfield, VT: one far away.
    store.add(at(1, 40, 'springfield', 'NY'), 0);
    for (const [id, miles] of [
      [2, 0],
      [3, 0.5],
      [4, 1],
      [5, 1.5],
    ] as const)
      store.add(at(id, miles, 'springfield', 'NY'), 0);
    store.add(at(6, 300, 'springfield', 'VT'), 0);
    const content = new IndexContent(store);
    // Read afresh each time: a change replaces a list (slot-lists.ts).
    const list = () => Array.from(content.recommendedByCity.of(store.city[store.slotOf(2)]!));
    const ids = () =>
      list()
        .filter((slot) => store.text(store.state[slot]!) === 'NY')
        .map((slot) => store.ids[slot]);
    expect(ids()).toEqual([5, 4, 3, 2, 1]);
    // Vermont's only practice is its own centre: the distance part is full.
    const vermont = store.slotOf(6);
    expect(store.recommendedInCity[vermont]! - store.recommended[vermont]!).toBeCloseTo(0.3, 5);
    // Six more practices far north pull the centre past the one that was last.
    for (let id = 7; id <= 12; id++) content.add(at(id, 45, 'springfield', 'NY'));
    expect(ids().indexOf(1)).toBeLessThan(ids().indexOf(2));
  });
});
