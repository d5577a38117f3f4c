// Reads what search engines may see: public profiles and published articles, one record for a page
// head and, for the sitemaps, every one of them with its last change. A profile is public while its
// vet is listed (listing/listing-rule.ts; docs/product.md, Profile and review; Plans and payment).
import { and, asc, desc, eq, gt, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { articles, profiles, reviews, users, zipCodes, type WorkingDay } from '../../../db/schema';
import { ratingAverage } from '../../../../shared/lib/rating';
import { reviewAuthorName } from '../../../../shared/lib/review-rules';
import { listedIds } from '../listing/listing-rule';
import { listedDoctorColumns } from '../listing/doctor-search';
import type { PracticeAddress } from '../../../../shared/schemas/profile';
import { practiceName } from '../../../../shared/lib/practice-name';

export type ArticleKind = 'blog' | 'ai';

const publicProfile = (): SQL => sql`${users.id} in ${listedIds()}`;

const profileLastChange = sql<Date>`greatest(${profiles.updatedAt}, ${users.updatedAt}, coalesce(${users.reviewedAt}, ${users.updatedAt}))`;

export interface PublicProfileRecord extends PracticeAddress {
  id: number;
  doctorName: string;
  clinicName: string | null;
  phone: string | null;
  websiteUrl: string | null;
  avatarUrl: string | null;
  summary: string | null;
  workingTime: WorkingDay[] | null;
  timeZone: string | null;
  emergency: boolean;
  acceptingNewPatients: boolean;
  lastChange: Date;
  /** The shown average of the published reviews (one decimal) and their number (docs/product.md 7.6). */
  ratingAverage: number | null;
  ratingCount: number;
  /** The first page of published reviews, newest first: what /api/reviews/list answers first. */
  reviews: PublicReviewRecord[];
}

export interface PublicReviewRecord {
  /** First name and last initial, as the public list shows the author. */
  author: string;
  rating: number;
  title: string;
  text: string;
  createdAt: Date;
}

/** Reviews a profile's structured data carries: the first page of the public list at its default size. */
export const PROFILE_REVIEWS_IN_HEAD = 10;

export async function findPublicProfileRecord(db: DbOrTx, id: number): Promise<PublicProfileRecord | undefined> {
  const [row] = await db
    .select({
      ...listedDoctorColumns,
      zipLatitude: zipCodes.latitude,
      zipLongitude: zipCodes.longitude,
      lastChange: profileLastChange,
      ratingCount: sql<number>`coalesce(ds.rating_count, 0)`,
      ratingSum: sql<number>`coalesce(ds.rating_sum, 0)`,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(zipCodes, eq(zipCodes.zip, profiles.zip))
    .leftJoin(sql`doctor_search ds`, sql`ds.user_id = ${users.id}`)
    .where(and(eq(users.id, id), publicProfile()));
  if (!row) return undefined;
  const ratingCount = Number(row.ratingCount);
  // Only published reviews, newest first, read by the (doctor_id, state, created_at) index: as quick with 10,000 reviews as with 10.
  const firstReviews = ratingCount
    ? await db
        .select({
          rating: reviews.rating,
          title: reviews.title,
          text: reviews.text,
          createdAt: reviews.createdAt,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(reviews)
        .innerJoin(users, eq(users.id, reviews.authorId))
        .where(and(eq(reviews.doctorId, id), eq(reviews.state, 'published')))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(PROFILE_REVIEWS_IN_HEAD)
    : [];
  const p = row.profile;
  return {
    id: row.id,
    // An unclaimed practice has no vet's name yet (docs/product.md section 20).
    doctorName: practiceName({ ...row, clinicName: p.clinicName }),
    clinicName: p.clinicName,
    street: p.street,
    city: p.city,
    state: p.state,
    zip: p.zip,
    latitude: p.latitude ?? row.zipLatitude,
    longitude: p.longitude ?? row.zipLongitude,
    phone: p.contactPhone,
    websiteUrl: p.websiteUrl,
    avatarUrl: p.avatarUrl,
    summary: p.summary,
    workingTime: p.workingTime,
    timeZone: p.timeZone,
    emergency: p.emergency,
    acceptingNewPatients: p.acceptingNewPatients,
    lastChange: new Date(row.lastChange),
    ratingAverage: ratingAverage(Number(row.ratingSum), ratingCount),
    ratingCount,
    reviews: firstReviews.map((review) => ({
      author: reviewAuthorName(review.firstName, review.lastName),
      rating: review.rating,
      title: review.title,
      text: review.text,
      createdAt: new Date(review.createdAt),
    })),
  };
}

export interface PublishedArticleRecord {
  id: number;
  kind: ArticleKind;
  title: string;
  author: string;
  imgUrl: string | null;
  subContent: string;
  publishedAt: Date;
  updatedAt: Date;
}

export async function findPublishedArticleRecord(db: DbOrTx, kind: ArticleKind, id: number): Promise<PublishedArticleRecord | undefined> {
  const [row] = await db
    .select({
      id: articles.id,
      kind: articles.kind,
      title: articles.title,
      author: articles.author,
      imgUrl: articles.imgUrl,
      subContent: articles.subContent,
      publishedAt: articles.publishedAt,
      createdAt: articles.createdAt,
      updatedAt: articles.updatedAt,
    })
    .from(articles)
    .where(and(eq(articles.id, id), eq(articles.kind, kind), eq(articles.published, true)));
  if (!row) return undefined;
  return { ...row, publishedAt: row.publishedAt ?? row.createdAt };
}

/** One sitemap's worth of URLs: its id range, size and newest change, computed by the database. */
export interface SitemapChunk {
  firstId: number;
  lastId: number;
  count: number;
  lastChange: Date | null;
}

/**
 * Splits every public profile (or published article) into chunks of at most `size` ids in one pass
 * over the table: a window function numbers the rows, the groups give each chunk's id range.
 */
export async function sitemapChunks(db: DbOrTx, source: 'profiles' | 'articles', size: number): Promise<SitemapChunk[]> {
  const inner =
    source === 'profiles'
      ? db
          .select({ id: users.id, lastChange: profileLastChange.as('last_change'), n: sql<number>`row_number() over (order by ${users.id})`.as('n') })
          .from(users)
          .innerJoin(profiles, eq(profiles.userId, users.id))
          .where(publicProfile())
          .as('listed')
      : db
          .select({
            id: articles.id,
            lastChange: sql<Date>`${articles.updatedAt}`.as('last_change'),
            n: sql<number>`row_number() over (order by ${articles.id})`.as('n'),
          })
          .from(articles)
          .where(eq(articles.published, true))
          .as('listed');
  const chunk = sql<number>`(${inner.n} - 1) / ${sql.raw(String(Math.trunc(size)))}`;
  const rows = await db
    .select({
      firstId: sql<number>`min(${inner.id})`,
      lastId: sql<number>`max(${inner.id})`,
      count: sql<number>`count(*)`,
      lastChange: sql<Date | null>`max(${inner.lastChange})`,
    })
    .from(inner)
    .groupBy(chunk)
    .orderBy(chunk);
  return rows.map((row) => ({
    firstId: Number(row.firstId),
    lastId: Number(row.lastId),
    count: Number(row.count),
    lastChange: row.lastChange ? new Date(row.lastChange) : null,
  }));
}

export interface SitemapEntry {
  id: number;
  kind?: ArticleKind;
  lastChange: Date;
}

/** The entries of one chunk, read in batches so a 50,000-URL sitemap never sits in memory as rows. */
export async function* sitemapEntries(
  db: DbOrTx,
  source: 'profiles' | 'articles',
  range: { firstId: number; lastId: number },
  batch = 5_000,
): AsyncGenerator<SitemapEntry[]> {
  let after = range.firstId - 1;
  for (;;) {
    const rows: SitemapEntry[] =
      source === 'profiles'
        ? await db
            .select({ id: users.id, lastChange: profileLastChange })
            .from(users)
            .innerJoin(profiles, eq(profiles.userId, users.id))
            .where(and(publicProfile(), gt(users.id, after), lte(users.id, range.lastId)))
            .orderBy(asc(users.id))
            .limit(batch)
        : await db
            .select({ id: articles.id, kind: articles.kind, lastChange: articles.updatedAt })
            .from(articles)
            .where(and(eq(articles.published, true), gt(articles.id, after), gte(articles.id, range.firstId), lte(articles.id, range.lastId)))
            .orderBy(asc(articles.id))
            .limit(batch);
    if (rows.length === 0) return;
    yield rows.map((row) => ({ ...row, lastChange: new Date(row.lastChange) }));
    if (rows.length < batch) return;
    after = rows[rows.length - 1]!.id;
  }
}
