// The business dashboard's figures (docs/product.md section 24), one small function each. Every one is a
// bounded query (docs/decisions/121-dashboard-figures-from-bounded-queries.md): a few rows a day of the window
// (site_daily_stats, account_daily_counts), a few rows a plan (listed_plan_counts, renewing_plan_counts) less
// an index range of the periods ended since the last expiry sweep, or an index range of a queue; never a pass
// over every vet, never a query per row. To add a figure: a field in shared/schemas/dashboard.ts and a function in FIGURES.
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { listedSql } from '../listing/listing-rule';
import { answeredPerDay } from '../appointments/index';
import { PLANS, planPrice } from '../../../../shared/constants/plans';
import type {
  DashboardDailySeries,
  DashboardFigures,
  DashboardListed,
  DashboardNewAccounts,
  DashboardQueue,
  DashboardRevenue,
} from '../../../../shared/schemas/dashboard';
import { rowsOf } from '../../../lib/sql-rows';

const DAY_MS = 86_400_000;

/** The window a figure covers: `days` UTC days ending today, by the app's clock. */
export interface DashboardWindow {
  days: number;
  now: Date;
  /** The first day's start (UTC midnight) and the start of tomorrow: created_at >= from and < until. */
  from: Date;
  until: Date;
  /** Every day of the window, oldest first, 'YYYY-MM-DD'. */
  dayList: string[];
}

export function dashboardWindow(days: number, now: Date): DashboardWindow {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = new Date(today - (days - 1) * DAY_MS);
  const dayList = Array.from({ length: days }, (_, i) => new Date(from.getTime() + i * DAY_MS).toISOString().slice(0, 10));
  return { days, now, from, until: new Date(today + DAY_MS), dayList };
}

type Figure<T> = (db: DbOrTx, window: DashboardWindow) => Promise<T>;

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

const at = (moment: Date) => sql`${moment.toISOString()}::timestamptz`;

/** Sign-ups a day by account type: the window's rows of account_daily_counts (a few per day), summed per key. */
const newAccounts: Figure<DashboardNewAccounts> = async (db, window) => {
  const found = await rows<{ day: string; account_type: string; n: number }>(
    db,
    sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, account_type, sum(n)::int AS n FROM account_daily_counts
        WHERE day >= ${window.dayList[0]}::date AND day <= ${window.dayList.at(-1)}::date
        GROUP BY 1, 2`,
  );
  const byDay = new Map(window.dayList.map((day) => [day, { day, owners: 0, vets: 0 }]));
  for (const row of found) {
    const entry = byDay.get(row.day);
    if (!entry) continue;
    if (row.account_type === 'owner') entry.owners += Number(row.n);
    else entry.vets += Number(row.n);
  }
  const series = [...byDay.values()];
  return { owners: series.reduce((s, d) => s + d.owners, 0), vets: series.reduce((s, d) => s + d.vets, 0), series };
};

/**
 * Listed practices now, by the plan that lists them: the rows of doctor_search per plan (listed_plan_counts),
 * less those whose paid period has ended and that the expiry sweep has not removed yet (an index range on
 * paid_until: minutes of lapses, not the whole table). The same rule as `listedSql`.
 */
const listedByPlan: Figure<DashboardListed> = async (db, window) => {
  const found = await rows<{ plan: number; n: number }>(
    db,
    sql`SELECT plan, sum(n)::int AS n FROM (
          SELECT plan, n FROM listed_plan_counts
          UNION ALL SELECT ds.plan, -1 FROM doctor_search ds WHERE NOT ${listedSql(window.now)}) t
        GROUP BY plan`,
  );
  const counts = new Map(found.map((row) => [Number(row.plan), Number(row.n)]));
  const plans = PLANS.map((plan) => ({ plan: plan.id, name: plan.name, count: counts.get(plan.id) ?? 0 }));
  return { total: plans.reduce((s, p) => s + p.count, 0), plans };
};

/**
 * Monthly recurring revenue now: every paid plan that will renew ('active', its period not over), monthly ones
 * at their monthly price and yearly ones at a twelfth of their yearly price (docs/product.md section 24).
 * A cancelled plan still in its paid period is listed but does not recur, so it is not counted. Read from
 * renewing_plan_counts, less the active plans whose period has ended and that the expiry sweep has not
 * marked yet (an index range of payments (status, current_period_end)).
 */
const monthlyRevenue: Figure<DashboardRevenue> = async (db, window) => {
  const found = await rows<{ plan: number; period: string; n: number }>(
    db,
    sql`SELECT plan, period, sum(n)::int AS n FROM (
          SELECT plan, period, n FROM renewing_plan_counts
          UNION ALL SELECT plan, coalesce(period, 'month'), -1 FROM payments
            WHERE status = 'active' AND plan > 0 AND current_period_end <= ${at(window.now)}) t
        GROUP BY plan, period`,
  );
  const count = (plan: number, period: string) => Number(found.find((row) => Number(row.plan) === plan && row.period === period)?.n ?? 0);
  const plans = PLANS.map((plan) => {
    const monthly = count(plan.id, 'month');
    const yearly = count(plan.id, 'year');
    return { plan: plan.id, name: plan.name, monthly, yearly, cents: monthly * planPrice(plan, 'month') + Math.round((yearly * planPrice(plan, 'year')) / 12) };
  });
  return { cents: plans.reduce((s, p) => s + p.cents, 0), currency: 'usd', plans };
};

/** One column of site_daily_stats (one row a day) over the window, zero-filled. */
function siteSeries(column: 'searches' | 'profile_views'): Figure<DashboardDailySeries> {
  return async (db, window) => {
    const found = await rows<{ day: string; n: number }>(
      db,
      sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, ${sql.identifier(column)}::int AS n FROM site_daily_stats
          WHERE day >= ${window.dayList[0]}::date AND day <= ${window.dayList.at(-1)}::date`,
    );
    const counts = new Map(found.map((row) => [row.day, Number(row.n)]));
    const series = window.dayList.map((day) => ({ day, count: counts.get(day) ?? 0 }));
    return { total: series.reduce((s, d) => s + d.count, 0), series };
  };
}

/**
 * A queue's length and the waits of its oldest and median entry, from `since` (when each entry began to wait)
 * of the rows `where` picks; both read an index on (state, since), and the median sorts only the waiting rows.
 */
async function queue(db: DbOrTx, window: DashboardWindow, table: SQL, since: SQL, where: SQL): Promise<DashboardQueue> {
  const [row] = await rows<{ n: number; oldest: number | null; median: number | null }>(
    db,
    sql`SELECT count(*)::int AS n,
          floor(extract(epoch FROM ${at(window.now)} - min(${since})))::bigint AS oldest,
          floor(extract(epoch FROM ${at(window.now)} - percentile_disc(0.5) WITHIN GROUP (ORDER BY ${since})))::bigint AS median
        FROM ${table} WHERE ${where}`,
  );
  const seconds = (value: number | string | null | undefined) => (value === null || value === undefined ? null : Math.max(0, Number(value)));
  return { count: Number(row?.n ?? 0), oldest_wait_seconds: seconds(row?.oldest), median_wait_seconds: seconds(row?.median) };
}

/** Pet owners' reviews held for an administrator (section 13), waiting since they were written. */
const pendingReviews: Figure<DashboardQueue> = (db, window) => queue(db, window, sql`reviews`, sql`created_at`, sql`state = 'pending'`);

/** Profiles sent for review (section 6), waiting since they were sent. */
const profilesWaiting: Figure<DashboardQueue> = (db, window) =>
  queue(db, window, sql`users`, sql`submit_at`, sql`review_state = 'pending' AND submit_at IS NOT NULL`);

/** Claims by document waiting for an administrator (section 20), since they were made: practice_claims (state, created_at). */
const claimsWaiting: Figure<DashboardQueue> = (db, window) => queue(db, window, sql`practice_claims`, sql`created_at`, sql`state = 'waiting'`);

/** Appointment requests the practices answered a day (section 19): an index range of appointments.answered_at. */
const requestsAnswered: Figure<DashboardDailySeries> = async (db, window) => {
  const counts = new Map((await answeredPerDay(db, window.now, window.days)).map((row) => [row.day, row.answered]));
  const series = window.dayList.map((day) => ({ day, count: counts.get(day) ?? 0 }));
  return { total: series.reduce((s, d) => s + d.count, 0), series };
};

/** Folds the count tables' appended rows into one row per key (migration 0021); safe on several servers at once. */
export async function compactCounts(db: DbOrTx): Promise<void> {
  await db.execute(sql`SELECT dashboard_compact()`);
}

/** Every figure of the answer, by its field. */
export const FIGURES: { [K in keyof DashboardFigures]: Figure<DashboardFigures[K]> } = {
  new_accounts: newAccounts,
  listed_by_plan: listedByPlan,
  monthly_revenue: monthlyRevenue,
  searches: siteSeries('searches'),
  profile_views: siteSeries('profile_views'),
  pending_reviews: pendingReviews,
  profiles_waiting: profilesWaiting,
  claims_waiting: claimsWaiting,
  requests_answered: requestsAnswered,
};

export type FigureName = keyof DashboardFigures;
export const FIGURE_NAMES = Object.keys(FIGURES) as FigureName[];
