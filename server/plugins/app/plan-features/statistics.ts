// Reading profile statistics: one row per UTC day for the last `days` days, zero-filled.
import { and, eq, gte } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { profileDailyStats } from '../../../db/schema';
import type { StatisticsDay } from '../../../../shared/schemas/plan-features';
import { utcDay } from './profile-stats';

export async function readStatistics(db: DbOrTx, userId: number, days: number, now: Date): Promise<StatisticsDay[]> {
  const dates = Array.from({ length: days }, (_, i) => utcDay(new Date(now.getTime() - (days - 1 - i) * 86_400_000)));
  const rows = await db
    .select()
    .from(profileDailyStats)
    .where(and(eq(profileDailyStats.userId, userId), gte(profileDailyStats.day, dates[0]!)));
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return dates.map((date) => {
    const row = byDay.get(date);
    return {
      date,
      views: row?.views ?? 0,
      appearances: row?.appearances ?? 0,
      clicks_phone: row?.clicksPhone ?? 0,
      clicks_website: row?.clicksWebsite ?? 0,
      clicks_directions: row?.clicksDirections ?? 0,
      messages: row?.messages ?? 0,
    };
  });
}
