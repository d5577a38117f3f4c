import { describe, expect, it } from 'vitest';
import { searchBody, searchFromParams, searchPath } from './search-params';

describe('the minimum rating and the rating sort live in the URL like the other filters', () => {
  it('round-trips rating=4 and sort=rating and sends min_rating', () => {
    const search = searchFromParams(new URLSearchParams('zip=59001&rating=4&sort=rating'));
    expect(search.minRating).toBe(4);
    expect(search.sort).toBe('rating');
    expect(searchPath(search)).toBe('/searchdoctor?zip=59001&rating=4&sort=rating');
    expect(searchBody(search)).toMatchObject({ searchZipCode: '59001', min_rating: 4, sort: 'rating' });
  });

  it('ignores a rating the filter does not offer', () => {
    for (const rating of ['9', '4.5', 'x', '0']) {
      const search = searchFromParams(new URLSearchParams(`city=Austin&rating=${rating}`));
      expect(search.minRating).toBeUndefined();
      expect(searchBody(search)).not.toHaveProperty('min_rating');
    }
  });
});

describe('near me keeps a rounded position in the URL (docs/product.md 21.2)', () => {
  it('rounds lat and lon to three decimals and sends them as latitude and longitude', () => {
    const search = searchFromParams(new URLSearchParams('lat=40.7484405&lon=-73.9856644'));
    expect(search).toMatchObject({ latitude: 40.748, longitude: -73.986, searchZipCode: '' });
    expect(searchPath(search)).toBe('/searchdoctor?lat=40.748&lon=-73.986');
    expect(searchPath({ ...search, latitude: 40.7484405, longitude: -73.9856644 })).toBe('/searchdoctor?lat=40.748&lon=-73.986');
    expect(searchBody(search)).toMatchObject({ latitude: 40.748, longitude: -73.986, searchZipCode: '' });
  });

  it('drops a position that is half there or out of bounds, and says so by leaving both out', () => {
    for (const query of ['lat=40.7', 'lat=91&lon=0', 'lat=40&lon=-200', 'lat=x&lon=1', 'zip=10001']) {
      const search = searchFromParams(new URLSearchParams(query));
      expect(search.latitude).toBeUndefined();
      expect(search.longitude).toBeUndefined();
      expect('latitude' in search).toBe(true);
      expect(searchBody(search)).not.toHaveProperty('latitude');
    }
  });
});
