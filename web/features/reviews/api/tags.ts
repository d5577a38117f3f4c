// What a change to a practice's reviews makes stale: its list, the author's own list, and its rating on the profile
// and in search.
export const reviewsOf = (doctorId: number) =>
  [
    { type: 'Review' as const, id: doctorId },
    'OwnReviews' as const,
    'AdminReviews' as const,
    { type: 'Doctor' as const, id: doctorId },
    { type: 'Doctor' as const, id: 'LIST' },
  ] as const;
