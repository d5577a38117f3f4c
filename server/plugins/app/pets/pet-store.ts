// The writes and reads of an owner's saved pets (docs/product.md section 31): every one names the owner, so
// an id of another account's pet finds nothing (404); the limit of 20 is the insert's own statement (the
// counter's trigger and CHECK, migration 0028), whatever the number of requests at once.
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { pets, type AppointmentPetFacts } from '../../../db/schema';
import { domainError } from '../../../lib/domain-error';
import { violatesCheck } from '../../../lib/check-violation';
import { isOneLine, isPersonName } from '../../../../shared/lib/text-rules';
import { PET_LIMITS, birthDateProblem, weightProblem } from '../../../../shared/lib/pet-rules';
import type { Pet, SavePetInput } from '../../../../shared/schemas/pet';

export const PET_MESSAGES = {
  notYours: 'There is no pet of yours with this id.',
  limit: `You can keep up to ${PET_LIMITS.perAccount} pets. Remove one to add another.`,
  name: "Enter your pet's name.",
  nameLine: "Write the pet's name on one line, without control characters.",
  breed: 'Write the breed on one line, without control characters.',
  saved: (name: string) => `Saved ${name}.`,
  removed: (name: string) => `Removed ${name}.`,
} as const;

type PetRow = typeof pets.$inferSelect;
const invalid = (field: string, message: string) => domainError(400, 'VALIDATION_ERROR', message, { field });

/** The pet as its owner and the practice see it. */
const presented = (row: PetRow): Pet => ({
  id: row.id,
  name: row.name,
  species: row.species,
  breed: row.breed,
  birth_date: row.birthDate,
  weight_kg: row.weightKg,
  notes: row.notes,
});

/** What an appointment request keeps of the pet beside its name and species (docs/product.md section 31). */
export const appointmentFacts = (pet: Pet): AppointmentPetFacts => ({
  breed: pet.breed,
  birth_date: pet.birth_date,
  weight_kg: pet.weight_kg,
  notes: pet.notes,
});

/**
 * The latest calendar day anywhere on Earth (UTC+14) at `now`: a birth date is in the future only after it,
 * so an owner east of Greenwich may give today's date in the morning.
 */
const latestToday = (now: Date) => new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);

/** The input trimmed and checked where the schema cannot (blank after trimming, dates, weights). */
function checkedFields(input: SavePetInput, now: Date) {
  const name = input.name.trim();
  if (!isOneLine(input.name)) throw invalid('name', PET_MESSAGES.nameLine);
  if (!isPersonName(name)) throw invalid('name', PET_MESSAGES.name);
  const breed = (input.breed ?? '').trim();
  if (!isOneLine(breed)) throw invalid('breed', PET_MESSAGES.breed);
  const birthDate = input.birth_date?.trim() || null;
  if (birthDate) {
    const problem = birthDateProblem(birthDate, latestToday(now));
    if (problem) throw invalid('birth_date', problem);
  }
  const weightKg = input.weight_kg == null ? null : Math.round(input.weight_kg * 1000) / 1000;
  if (weightKg !== null) {
    const problem = weightProblem(weightKg);
    if (problem) throw invalid('weight_kg', problem);
  }
  const notes = (input.notes ?? '').replace(/\r\n/g, '\n').trim();
  return { name, species: input.species, breed, birthDate, weightKg, notes };
}

/** The owner's pets, oldest first (the order they were added). */
export async function listPets(db: DbOrTx, ownerId: number): Promise<Pet[]> {
  const rows = await db.select().from(pets).where(eq(pets.ownerId, ownerId)).orderBy(asc(pets.createdAt), asc(pets.id)).limit(PET_LIMITS.perAccount);
  return rows.map(presented);
}

/** One of the owner's pets by id; 404 with a plain sentence when there is none of theirs (`field` names the input). */
export async function ownerPet(db: DbOrTx, ownerId: number, petId: number, field = 'id'): Promise<Pet> {
  const [row] = await db
    .select()
    .from(pets)
    .where(and(eq(pets.id, petId), eq(pets.ownerId, ownerId)));
  if (!row) throw domainError(404, 'NOT_FOUND', PET_MESSAGES.notYours, { field });
  return presented(row);
}

/**
 * Adds a pet (no id) or changes one of the owner's pets (its id; 404 otherwise), after the checks above.
 * Over the limit: 409 PETS_LIMIT. Inside a caller's transaction the refused insert ends that transaction.
 */
export async function savePet(db: DbOrTx, ownerId: number, input: SavePetInput, now: Date): Promise<Pet> {
  const fields = checkedFields(input, now);
  if (input.id !== undefined) {
    const [row] = await db
      .update(pets)
      .set({ ...fields, updatedAt: now })
      .where(and(eq(pets.id, input.id), eq(pets.ownerId, ownerId)))
      .returning();
    if (!row) throw domainError(404, 'NOT_FOUND', PET_MESSAGES.notYours, { field: 'id' });
    return presented(row);
  }
  try {
    const [row] = await db
      .insert(pets)
      .values({ ownerId, ...fields, createdAt: now, updatedAt: now })
      .returning();
    return presented(row!);
  } catch (error) {
    if (violatesCheck(error, 'pet_counts_limit')) throw domainError(409, 'PETS_LIMIT', PET_MESSAGES.limit);
    throw error;
  }
}

/** Removes one of the owner's pets (404 otherwise); appointment requests that named it keep what they were shown. */
export async function removePet(db: DbOrTx, ownerId: number, id: number): Promise<Pet> {
  const [row] = await db
    .delete(pets)
    .where(and(eq(pets.id, id), eq(pets.ownerId, ownerId)))
    .returning();
  if (!row) throw domainError(404, 'NOT_FOUND', PET_MESSAGES.notYours, { field: 'id' });
  return presented(row);
}
