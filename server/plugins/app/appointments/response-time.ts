// A practice's response time (docs/product.md 19.6): the median hours from a request to the practice's
// first answer over the last 90 days, once it has answered five. A reply to an owner's waiting message
// counts as an answer too (docs/product.md section 32): from the owner's first unanswered message to the reply. Worked out when the practice answers and
// kept in one row per practice, so search cards and the profile read it instead of computing it per search.
import { sql } from 'drizzle-orm';
import { APPOINTMENT_LIMITS, shownResponseHours as shownHours } from '../../../../shared/lib/appointment-rules';
import type { AppointmentDeps } from './appointment-deps';
import { rowsOf } from '../../../lib/sql-rows';

export async function updateResponseTime(deps: AppointmentDeps, doctorId: number): Promise<void> {
  const since = new Date(deps.clock.now().getTime() - APPOINTMENT_LIMITS.responseTimeWindowDays * 86_400_000);
  const result = await deps.db.transaction(async (tx) => {
    const before = await tx.execute(sql`SELECT median_hours FROM appointment_response_times WHERE doctor_id = ${doctorId}`);
    const after = await tx.execute(sql`
      WITH waits AS (
        SELECT answered_at - created_at AS wait FROM appointments WHERE doctor_id = ${doctorId} AND answered_at >= ${since}
        UNION ALL
        SELECT m.created_at - m.answers_from FROM message_threads t JOIN messages m ON m.thread_id = t.id AND m.answers_from IS NOT NULL
        WHERE t.doctor_id = ${doctorId} AND m.created_at >= ${since}),
      answered AS (
        SELECT count(*)::int AS answers,
               percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM wait) / 3600.0) AS median
        FROM waits)
      INSERT INTO appointment_response_times AS r (doctor_id, answers, median_hours, updated_at)
      SELECT ${doctorId}, answers, median, ${deps.clock.now()} FROM answered WHERE answers >= ${APPOINTMENT_LIMITS.responseTimeAnswers}
      ON CONFLICT (doctor_id) DO UPDATE SET answers = EXCLUDED.answers, median_hours = EXCLUDED.median_hours, updated_at = EXCLUDED.updated_at
      RETURNING median_hours`);
    const rows = rowsOf<{ median_hours: number }>(after);
    // Fewer than five answers in the window: the profile shows no response time.
    if (rows.length === 0) await tx.execute(sql`DELETE FROM appointment_response_times WHERE doctor_id = ${doctorId}`);
    const old = rowsOf<{ median_hours: number }>(before)[0]?.median_hours;
    return { before: shownHours(old), after: shownHours(rows[0]?.median_hours) };
  });
  if (result.before !== result.after) deps.changes.announce({ kind: 'listing changed', doctorId });
}
