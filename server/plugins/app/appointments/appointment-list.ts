// Reading appointments (docs/product.md section 19): the owner's own, newest first, and the practice's
// inbox with the owner's name, e-mail and phone and the count of requests waiting for its answer.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { appointments, users } from '../../../db/schema';
import { pageWithPractice, practiceById, practiceNameColumns } from '../../../db/practice-rows';
import type { Appointment, MyAppointmentsAnswer, PracticeAppointmentsAnswer, PracticeAppointmentsInput } from '../../../../shared/schemas/appointment';
import { clinicOrPracticeName } from '../../../../shared/lib/practice-name';
import { rowsOf } from '../../../lib/sql-rows';

type AppointmentRow = typeof appointments.$inferSelect;

export function presentAppointment(row: AppointmentRow, clinicName: string): Appointment {
  return {
    id: row.id,
    doctor_id: row.doctorId,
    clinic_name: clinicName,
    pet_name: row.petName,
    species: row.species,
    reason: row.reason,
    preferred: row.preferred,
    start: row.start?.toISOString() ?? null,
    state: row.state,
    message: row.message,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    time_zone: row.timeZone,
    pet_id: row.petId,
    pet: row.pet,
  };
}

export async function ownerAppointments(db: DbOrTx, ownerId: number, page = 1, pageSize = 20): Promise<MyAppointmentsAnswer> {
  const { rows, total } = await pageWithPractice(db, appointments, eq(appointments.ownerId, ownerId), page, pageSize);
  return { data: rows.map((r) => presentAppointment(r.row, clinicOrPracticeName(r))), totalCount: total };
}

/** Requests waiting for the practice's answer: the count in its menu. */
export async function openCount(db: DbOrTx, doctorId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(appointments)
    .where(and(eq(appointments.doctorId, doctorId), eq(appointments.state, 'requested')));
  return Number(row?.n ?? 0);
}

export async function practiceAppointments(db: DbOrTx, doctorId: number, input: PracticeAppointmentsInput = {}): Promise<PracticeAppointmentsAnswer> {
  const { page = 1, pageSize = 20, state } = input ?? {};
  const where = and(eq(appointments.doctorId, doctorId), state ? eq(appointments.state, state) : undefined);
  const [clinic, rows, [total], open] = await Promise.all([
    practiceById(db, doctorId, practiceNameColumns),
    db
      .select({ row: appointments, first: users.firstName, last: users.lastName, email: users.email })
      .from(appointments)
      .innerJoin(users, eq(users.id, appointments.ownerId))
      .where(where)
      // Waiting requests first, then the newest.
      .orderBy(sql`(${appointments.state} = 'requested') desc`, desc(appointments.createdAt), desc(appointments.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(appointments).where(where),
    openCount(db, doctorId),
  ]);
  const clinicName = clinic ? clinicOrPracticeName(clinic) : '';
  return {
    data: rows.map((r) => ({
      ...presentAppointment(r.row, clinicName),
      owner_name: `${r.first} ${r.last}`,
      owner_email: r.email,
      owner_phone: r.row.phone,
    })),
    totalCount: Number(total?.n ?? 0),
    openCount: open,
  };
}

/** Requests answered per UTC day over the last `days` days (the administrators' dashboard). */
export async function answeredPerDay(db: DbOrTx, now: Date, days = 30): Promise<{ day: string; answered: number }[]> {
  const since = new Date(now.getTime() - days * 86_400_000);
  const result = await db.execute(sql`
    SELECT to_char((answered_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, count(*)::int AS answered
    FROM appointments WHERE answered_at >= ${since} GROUP BY 1 ORDER BY 1`);
  return rowsOf<{ day: string; answered: number }>(result).map((r) => ({ day: r.day, answered: Number(r.answered) }));
}
