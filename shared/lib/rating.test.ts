import { describe, expect, it } from 'vitest';
import { ratingAverage, ratingTenths } from './rating';

describe('rating average', () => {
  it('is null without reviews and rounds half up to one decimal', () => {
    expect(ratingAverage(0, 0)).toBeNull();
    expect(ratingTenths(0, 0)).toBe(0);
    expect(ratingAverage(5, 1)).toBe(5);
    expect(ratingAverage(9, 2)).toBe(4.5);
    // 4.25 -> 4.3, 4.24 -> 4.2, 2/3 of the way -> one decimal
    expect(ratingAverage(17, 4)).toBe(4.3);
    expect(ratingAverage(106, 25)).toBe(4.2);
    expect(ratingAverage(14, 3)).toBe(4.7);
    expect(ratingAverage(13, 3)).toBe(4.3);
  });

  it('agrees with round(sum / count, 1) for every small count and sum', () => {
    for (let count = 1; count <= 200; count++)
      for (let sum = count; sum <= 5 * count; sum++) {
        // Exact decimal rounding of sum / count, half up: the whole tenths, plus one when the rest is half or more.
        const up = ((sum * 10) % count) * 2 >= count ? 1 : 0;
        expect(ratingTenths(sum, count), `${sum}/${count}`).toBe(Math.floor((sum * 10) / count) + up);
      }
  });
});
