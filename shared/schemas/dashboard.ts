// The administrators' business dashboard (docs/product.md section 24): POST /api/admin/dashboard { days }
// answers every figure over the chosen window. Each figure is its own field, so a figure added later is
// one more field here and one small function in server/plugins/app/dashboard/figures.ts.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { DASHBOARD_WINDOW_MESSAGE, DASHBOARD_WINDOWS } from '../constants/dashboard';

const strict = { additionalProperties: false } as const;
const Count = Type.Integer({ minimum: 0 });
const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
/** A UTC calendar day, 'YYYY-MM-DD'. */
const Day = Type.String({ description: "A UTC calendar day, 'YYYY-MM-DD'" });

export const DashboardBody = Type.Object(
  {
    days: Type.Union(
      DASHBOARD_WINDOWS.map((d) => Type.Literal(d)),
      { title: 'days', default: 30, errorMessage: DASHBOARD_WINDOW_MESSAGE },
    ),
  },
  strict,
);
export type DashboardBody = Static<typeof DashboardBody>;

/** A count per day of the window, oldest first, every day present (0 when nothing happened). */
export const DashboardDailySeries = Type.Object({
  total: Count,
  series: Type.Array(Type.Object({ day: Day, count: Count })),
});
export type DashboardDailySeries = Static<typeof DashboardDailySeries>;

/** A queue an administrator works through: how many wait, and how long the oldest and the median have waited. */
export const DashboardQueue = Type.Object({
  count: Count,
  oldest_wait_seconds: Nullable(Count),
  median_wait_seconds: Nullable(Count),
});
export type DashboardQueue = Static<typeof DashboardQueue>;

export const DashboardNewAccounts = Type.Object({
  owners: Count,
  vets: Count,
  series: Type.Array(Type.Object({ day: Day, owners: Count, vets: Count })),
});
export type DashboardNewAccounts = Static<typeof DashboardNewAccounts>;

export const DashboardListed = Type.Object({
  total: Count,
  plans: Type.Array(Type.Object({ plan: Type.Integer({ minimum: 1 }), name: Type.String(), count: Count })),
});
export type DashboardListed = Static<typeof DashboardListed>;

export const DashboardRevenue = Type.Object({
  /** Monthly recurring revenue in US cents: monthly plans at their price, yearly plans at a twelfth of theirs. */
  cents: Count,
  currency: Type.Literal('usd'),
  plans: Type.Array(
    Type.Object({
      plan: Type.Integer({ minimum: 1 }),
      name: Type.String(),
      /** Renewing subscriptions billed monthly and yearly. */
      monthly: Count,
      yearly: Count,
      cents: Count,
    }),
  ),
});
export type DashboardRevenue = Static<typeof DashboardRevenue>;

export const DashboardFigures = Type.Object({
  new_accounts: DashboardNewAccounts,
  listed_by_plan: DashboardListed,
  monthly_revenue: DashboardRevenue,
  searches: DashboardDailySeries,
  profile_views: DashboardDailySeries,
  pending_reviews: DashboardQueue,
  profiles_waiting: DashboardQueue,
  /** Listings claimed and waiting for an administrator (issue 27); null until claims exist. */
  claims_waiting: Nullable(DashboardQueue),
  /** Appointment requests answered a day (issue 26); null until appointment requests exist. */
  requests_answered: Nullable(DashboardDailySeries),
});
export type DashboardFigures = Static<typeof DashboardFigures>;

export const DashboardAnswer = Type.Object({
  days: Type.Integer(),
  /** The window's first and last UTC day; the last is today. */
  from: Day,
  to: Day,
  generated_at: Type.String(),
  figures: DashboardFigures,
});
export type DashboardAnswer = Static<typeof DashboardAnswer>;
