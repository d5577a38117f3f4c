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
