// The recommended order's score (docs/product.md section 33): the Bayesian shrinkage, each part's
// direction, and that a plan is no input at all (a sponsor's organic rank never moves).
import { describe, expect, it } from 'vitest';
import { recommendedScore, shrunkRating, staticScore, type ScoreInputs } from './recommended-score';
import { VetStore, type VetRow } from './vet-store';

const vet = (over: Partial<ScoreInputs> = {}): ScoreInputs => ({
  ratingCount: 0,
  ratingSum: 0,
  hasHours: true,
  hasPhotos: true,
  hasServices: true,
  claimed: true,
  responseHours: 12,
  ...over,
});

describe('the recommended score', () => {
  it('shrinks a rating toward the site-wide mean by the number of reviews: 1 five-star review does not beat 80 at 4.8', () => {
    expect(shrunkRating(5, 1, 4.3)).toBeCloseTo(4.364, 3);
    expect(shrunkRating(384, 80, 4.3)).toBeCloseTo(4.744, 3);
    const one = vet({ ratingCount: 1, ratingSum: 5 });
    const eighty = vet({ ratingCount: 80, ratingSum: 384 });
    expect(staticScore(eighty, 4.3)).toBeGreaterThan(staticScore(one, 4.3));
    // Even ignoring the review-count part, the shrunk rating alone ranks them so.
    expect(shrunkRating(384, 80, 4.3)).toBeGreaterThan(shrunkRating(5, 1, 4.3));
    // With no reviews a vet sits at the mean, not at zero and not at five stars.
    expect(shrunkRating(0, 0, 4.3)).toBe(4.3);
  });

  it('rises with a complete profile, a claim and a quick answer, and falls with distance', () => {
    const full = staticScore(vet(), 4);
    expect(staticScore(vet({ hasPhotos: false }), 4)).toBeLessThan(full);
    expect(staticScore(vet({ hasHours: false }), 4)).toBeLessThan(full);
    expect(staticScore(vet({ hasServices: false }), 4)).toBeLessThan(full);
    expect(staticScore(vet({ claimed: false }), 4)).toBeLessThan(full);
    expect(staticScore(vet({ responseHours: 72 }), 4)).toBeLessThan(full);
    expect(staticScore(vet({ responseHours: null }), 4)).toBeLessThan(staticScore(vet({ responseHours: 72 }), 4));
    expect(recommendedScore(vet(), 4, 1)).toBeGreaterThan(recommendedScore(vet(), 4, 20));
    expect(recommendedScore(vet(), 4, 0)).toBeLessThanOrEqual(1);
  });

  it("never reads a plan: a Premium vet's organic score and rank are those of the same vet on any plan", () => {
    const row = (id: number, plan: number, ratingCount: number): VetRow => ({
      next_available: null,
      user_id: id,
      plan,
      paid_until: null,
      sort_name: `vet ${id}`,
      city_key: 'x',
      state: 'HI',
      species_key: ['dog'],
      services_key: ['surgery'],
      emergency: false,
      accepting_new_patients: true,
      latitude: 20,
      longitude: -150,
      time_zone: 'Pacific/Honolulu',
      week_hours: '{[0,600)}',
      sponsor_key: id / 100,
      rating_count: ratingCount,
      rating_sum: ratingCount * 4,
      special_hours: null,
      claimed: true,
      has_photos: false,
      response_hours: null,
    });
    const ranks = (premiumId: number) => {
      const store = new VetStore();
      for (let id = 1; id <= 6; id++) store.add(row(id, id === premiumId ? 3 : 1, id * 3), 0);
      return Array.from({ length: 6 }, (_, slot) => slot)
        .sort(store.byRecommended)
        .map((slot) => [store.ids[slot], store.recommended[slot]]);
    };
    const plain = ranks(-1);
    for (const premium of [1, 3, 6]) expect(ranks(premium)).toEqual(plain);
  });
});
