// The reminder 24 hours before a confirmed start (docs/product.md 19.5), sent once even with several app
// servers: each due appointment is claimed by one UPDATE ... WHERE reminder_sent_at IS NULL RETURNING and
// its two e-mails are written to the outbox in the same transaction, so a server that loses the race sends
// nothing and a claim is never without its e-mails.
import { sql } from 'drizzle-orm';
import { appointments } from '../../../db/schema';
import { APPOINTMENT_LIMITS } from '../../../../shared/lib/appointment-rules';
import type { AppointmentDeps } from './appointment-deps';
import { notify, partiesOfRow } from './appointment-commands';
import { rowsOf } from '../../../lib/sql-rows';

type AppointmentRow = typeof appointments.$inferSelect;

/** Sends the reminders due now; answers how many appointments this call claimed. */
export async function sendDueReminders(deps: AppointmentDeps): Promise<number> {
  const now = deps.clock.now();
  const dueBefore = new Date(now.getTime() + APPOINTMENT_LIMITS.reminderBeforeMs);
  const due = await deps.db.execute(sql`
    SELECT id FROM appointments WHERE state = 'confirmed' AND reminder_sent_at IS NULL AND start > ${now} AND start <= ${dueBefore}
    ORDER BY start LIMIT 200`);
  let claimed = 0;
  for (const { id } of rowsOf<{ id: number }>(due)) {
    const sent = await deps.db.transaction(async (tx) => {
      const result = await tx.execute(sql`
        UPDATE appointments SET reminder_sent_at = ${now}
        WHERE id = ${id} AND state = 'confirmed' AND reminder_sent_at IS NULL AND start > ${now}
        RETURNING id`);
      if (rowsOf(result).length === 0) return false;
      const [row] = await tx
        .select()
        .from(appointments)
        .where(sql`${appointments.id} = ${id}`);
      const parties = await partiesOfRow(tx, row as AppointmentRow);
      await notify(deps, tx, row as AppointmentRow, 'reminder', parties, false, now);
      await notify(deps, tx, row as AppointmentRow, 'reminder', parties, true, now);
      return true;
    });
    if (sent) claimed++;
  }
  return claimed;
}
