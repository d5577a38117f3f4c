// A map box's markers are kept as whole numbers and written as bytes (docs/decisions/259-map-box-answers-without-garbage.md):
// whichever way an answer is serialised, the markers read as the contract's { id, latitude, longitude }.
import { describe, expect, it } from 'vitest';
import { stringify } from '../../../lib/prewritten-json';
import { MarkerList } from './search-box';

describe('MarkerList', () => {
  it('is written by the answer serialisation exactly as JSON.stringify writes its markers', () => {
    const markers = new MarkerList();
    const points: [number, number, number][] = [
      [1, 4_071_234, -7_400_001],
      [22, 0, 18_000_000],
      [333, -50, -1],
      [2_147_483_647, 9_000_000, -17_999_999],
      [7, 2_100_000, -15_750_000],
    ];
    for (const [id, latitude, longitude] of points) markers.push(id, latitude, longitude);
    expect(markers.length).toBe(5);
    expect(markers.plain()).toEqual([
      { id: 1, latitude: 40.71234, longitude: -74.00001 },
      { id: 22, latitude: 0, longitude: 180 },
      { id: 333, latitude: -0.0005, longitude: -0.00001 },
      { id: 2_147_483_647, latitude: 90, longitude: -179.99999 },
      { id: 7, latitude: 21, longitude: -157.5 },
    ]);
    const body = { data: [{ name: 'Café Ünïcode' }], markers, markers_capped: false };
    const written = stringify(body);
    expect(written).toBe(JSON.stringify({ ...body, markers: markers.plain() }));
    expect(JSON.stringify(body)).toBe(written);
  });

  it('with no markers, is an empty list', () => {
    expect(stringify({ markers: new MarkerList() })).toBe('{"markers":[]}');
  });
});
