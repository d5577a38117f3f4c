// The owner's pet a booking names (docs/product.md section 30): read through the pets area, so one rule
// decides whose pet it is (404 otherwise) and what the practice is shown of it, as for a request.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { appointments } from '../../../db/schema';
import { appointmentFacts, ownerPet } from '../pets/index';
import { speciesOfOne } from '../../../../shared/lib/pet-rules';

/** The owner's own pet: its name, species and the appointment columns that name it (404 when not theirs). */
export async function petOf(db: DbOrTx, ownerId: number, petId: number): Promise<{ name: string; species: string; columns: Record<string, unknown> }> {
  const pet = await ownerPet(db, ownerId, petId, 'pet_id');
  return { name: pet.name, species: speciesOfOne(pet.species), columns: { petId: pet.id, pet: appointmentFacts(pet) } };
}

/** The practice of an appointment, or undefined. */
export async function practiceOf(db: DbOrTx, id: number): Promise<number | undefined> {
  const rows = await db
    .select({ doctorId: appointments.doctorId })
    .from(appointments)
    .where(sql`${appointments.id} = ${id}`);
  return rows[0]?.doctorId;
}
