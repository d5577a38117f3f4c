import { describe, expect, it } from 'vitest';
import { reviewProblems } from './components/review-form';

const good = {
  rating: 4,
  title: 'Kind and clear',
  text: 'The vet explained every step and the bill matched the estimate.',
  visit_month: '2026-03',
  species: 'cats',
};
const now = new Date('2026-11-26T12:00:00Z');

describe('the review form checks what the server checks, in plain sentences', () => {
  it('lets a complete review through', () => {
    expect(reviewProblems(good, now)).toEqual({});
  });

  it('names each field that must change', () => {
    expect(reviewProblems({ rating: 0, title: ' ', text: 'Too short.', visit_month: '', species: '' }, now)).toEqual({
      rating: 'Choose how many stars you give, from 1 to 5.',
      title: 'Give your review a short title.',
      text: 'Write at least 30 characters about your visit (you have 10).',
      visit_month: 'Choose the month and year of your visit.',
      species: 'Choose the species of your pet.',
    });
  });

  it('refuses a visit in a later month and a text over 5,000 characters', () => {
    const problems = reviewProblems({ ...good, visit_month: '2027-01', text: 'x'.repeat(5001) }, now);
    expect(problems.visit_month).toBe('The month of the visit cannot be in the future.');
    expect(problems.text).toBe('Keep the review to 5,000 characters (you have 5,001).');
    expect(reviewProblems({ ...good, visit_month: '2026-11' }, now)).toEqual({});
  });
});
