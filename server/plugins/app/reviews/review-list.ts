// The public reviews of a listed practice (docs/product.md section 13): published ones only, paged,
// newest or by stars, optionally only one number of stars, with the average, the count and the
// histogram of all published reviews. The histogram is one row of review_stats (migration 0015); each sort
// and the star filter read a page's rows from an index of migrations 0013 and 0015, so a practice with
// 10,000 reviews answers as fast as one with none.
import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { reviewStats, reviews, users } from '../../../db/schema';
import type { Histogram, ReviewListAnswer, ReviewListInput } from '../../../../shared/schemas/review';
import { presentPublicReview } from './review-presenter';
import { ratingAverage } from '../../../../shared/lib/rating';

export interface RatingSummary {
  /** To one decimal; null without published reviews. */
  average: number | null;
  count: number;
  histogram: Histogram;
}

/**
 * The average, count and histogram of a practice's published reviews, from its one row of review_stats
 * (migration 0015, kept by a trigger on reviews): as cheap with 10,000 reviews as with none.
 */
export async function ratingSummary(db: DbOrTx, doctorId: number): Promise<RatingSummary> {
  const [row] = await db.select().from(reviewStats).where(eq(reviewStats.doctorId, doctorId));
  const histogram: Histogram = {
    '1': row?.stars1 ?? 0,
    '2': row?.stars2 ?? 0,
    '3': row?.stars3 ?? 0,
    '4': row?.stars4 ?? 0,
    '5': row?.stars5 ?? 0,
  };
  let total = 0;
  let sum = 0;
  for (const stars of [1, 2, 3, 4, 5] as const) {
    total += histogram[String(stars) as keyof Histogram];
    sum += stars * histogram[String(stars) as keyof Histogram];
  }
  // Rounded as the search cards and the profile round it (shared/lib/rating.ts), so the figures agree.
  return { average: ratingAverage(sum, total), count: total, histogram };
}

export async function listPublishedReviews(db: DbOrTx, input: ReviewListInput): Promise<ReviewListAnswer> {
  const conditions: SQL[] = [eq(reviews.doctorId, input.doctor_id), eq(reviews.state, 'published')];
  if (input.rating) conditions.push(eq(reviews.rating, input.rating));
  const order =
    input.sort === 'highest'
      ? [desc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)]
      : input.sort === 'lowest'
        ? [asc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)]
        : [desc(reviews.createdAt), desc(reviews.id)];
  const [rows, summary] = await Promise.all([
    db
      .select({ review: reviews, firstName: users.firstName, lastName: users.lastName })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.authorId))
      .where(and(...conditions))
      .orderBy(...order)
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    ratingSummary(db, input.doctor_id),
  ]);
  const totalCount = input.rating ? summary.histogram[String(input.rating) as keyof Histogram] : summary.count;
  return { data: rows.map((row) => presentPublicReview(row.review, row)), totalCount, ...summary };
}
