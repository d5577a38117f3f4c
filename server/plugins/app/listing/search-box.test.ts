// A map box's markers are kept as whole numbers and written as bytes (docs/decisions/259-map-box-answers-without-garbage.md):
// whichever way an answer is serialised, the markers read as the contract's { id, latitude, longitude }.
import { describe, expect, it } from 'vitest';
import { stringify } from '../../../lib/prewritten-json';
import { MarkerList } from './search-box';
import { inBounds, scaledBounds } from './finding-input';

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

describe('scaledBounds', () => {
  it('keeps exactly the stored points the box keeps once they are divided back into degrees, edges and the 180th meridian included', () => {
    let seed = 11;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    let precision = 1e5;
    const degrees = (low: number, high: number) => Math.round((low + random() * (high - low)) * precision) / precision;
    for (let round = 0; round < 3000; round++) {
      // Edges on the five-decimal grid the points are on, and between its lines.
      precision = [1e5, 1e6, 1e9][round % 3]!;
      const south = degrees(-89, 88);
      const west = degrees(-180, 179);
      const box = {
        south,
        north: Math.min(90, south + degrees(0, 1)),
        west,
        east: round % 10 === 0 ? degrees(-180, west) : Math.min(180, west + degrees(0, 1)),
      };
      const scaled = scaledBounds(box);
      // Points on, just inside and just outside every edge, and some anywhere.
      const near = (edge: number) => [-2, -1, 0, 1, 2].map((step) => Math.round(edge * 1e5) + step);
      const latitudes = [...near(box.south), ...near(box.north), Math.round(degrees(-90, 90) * 1e5)];
      const longitudes = [...near(box.west), ...near(box.east), Math.round(degrees(-180, 180) * 1e5)];
      for (const latitude of latitudes)
        for (const longitude of longitudes) {
          const expected = inBounds(box, latitude / 1e5 || 0, longitude / 1e5 || 0);
          if (inBounds(scaled, latitude, longitude) !== expected) expect({ box, latitude, longitude, expected }).toBe('the same answer');
        }
    }
  });
});
