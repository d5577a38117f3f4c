import { describe, expect, it } from 'vitest';
import { contactDetailsIn, latestVisitMonth, reviewAuthorName, visitMonthProblem } from './review-rules';

describe('what screening looks for in a review (docs/product.md section 13)', () => {
  it.each([
    ['see https://example.com/x', ['link']],
    ['go to www.example.org', ['link']],
    ['cheap meds at petmeds.shop', ['link']],
    ['mail me: jo.smith+vet@example.co.uk', ['email']],
    ['call (212) 555-0142', ['phone']],
    ['call 212.555.0142 or 555-0142', ['phone']],
    ['ring +44 20 7946 0958', ['phone']],
    ['text 555-0142, or see vetdeals.com', ['link', 'phone']],
  ])('finds contact details in %j', (text, kinds) => {
    expect(contactDetailsIn(text)).toEqual(kinds);
  });

  it.each([
    'Dr. Lee saw us at 9:30 a.m. on 3/14, e.g. right on time.',
    'We paid $1,200 for 2 surgeries in 2024 and 2025.',
    'Our 12-year-old cat weighs 4.5 kg now.',
    'Five stars.The team was great!',
  ])('leaves ordinary words alone: %j', (text) => {
    expect(contactDetailsIn(text)).toEqual([]);
  });
});

describe('the month of the visit', () => {
  it('may be this month anywhere on Earth, never a later one, nor before 1950', () => {
    const now = new Date('2026-01-31T12:00:00Z');
    expect(latestVisitMonth(now)).toBe('2026-02');
    expect(visitMonthProblem('2026-01', now)).toBeNull();
    expect(visitMonthProblem('2026-03', now)).toBe('The month of the visit cannot be in the future.');
    expect(visitMonthProblem('1949-12', now)).toMatch(/1950/);
  });
});

describe("the author's public name", () => {
  it('is the first name and the last initial', () => {
    expect(reviewAuthorName('Maria', 'garcía')).toBe('Maria G.');
    expect(reviewAuthorName(' Ann ', '')).toBe('Ann');
    expect(reviewAuthorName('Zoë', 'Østergaard')).toBe('Zoë Ø.');
  });
});
