// The rules of an owner's saved pets (docs/product.md section 31) that the server enforces and the web form
// shows before sending: the limits, the species (the site's one list, shared/constants/services.ts) and the
// checks of a birth date and a weight that a schema cannot make.
import { SPECIES } from '../constants/services';
import { formatAge, formatCalendarDate, formatNumber, formatWeight } from './formats';

export const PET_LIMITS = {
  /** Pets one account may keep (migration 0028's CHECK says the same). */
  perAccount: 20,
  nameMax: 40,
  breedMax: 60,
  notesMax: 1000,
  /** The heaviest animal a practice sees (a draft horse), in kilograms. */
  weightMaxKg: 1500,
  /** The oldest pet (a tortoise), in years. */
  ageMaxYears: 150,
} as const;

export type PetSpecies = (typeof SPECIES)[number];
export const PET_SPECIES: readonly PetSpecies[] = SPECIES;

/** One animal of each species, as a person says it ('dog'); the list names them in the plural ('dogs'). */
const ONE_OF: Record<PetSpecies, string> = {
  dogs: 'dog',
  cats: 'cat',
  rabbits: 'rabbit',
  birds: 'bird',
  reptiles: 'reptile',
  horses: 'horse',
  exotics: 'exotic pet',
  'farm animals': 'farm animal',
};

/** 'dog' for 'dogs'; an unknown value as it is. */
export const speciesOfOne = (species: string): string => ONE_OF[species as PetSpecies] ?? species;

/** The species a person typed ('Dog', 'cats') as one of the list's values, or '' when it names none. */
export function speciesFromText(text: string): PetSpecies | '' {
  const typed = text.trim().toLowerCase();
  return PET_SPECIES.find((species) => species === typed || ONE_OF[species] === typed) ?? '';
}

export const PET_PROBLEMS = {
  birthDateFormat: 'Enter the birth date as a date, for example 2020-05-31.',
  birthDateFuture: 'The birth date cannot be in the future.',
  birthDateOld: `Check the birth date: it makes the pet older than ${PET_LIMITS.ageMaxYears} years.`,
  weight: `Enter the weight in kilograms as a number above 0 and up to ${formatNumber(PET_LIMITS.weightMaxKg)}.`,
} as const;

/** What is wrong with a birth date ('YYYY-MM-DD') on `today` ('YYYY-MM-DD' of the clock), or undefined. */
export function birthDateProblem(value: string, today: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return PET_PROBLEMS.birthDateFormat;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return PET_PROBLEMS.birthDateFormat;
  if (value > today) return PET_PROBLEMS.birthDateFuture;
  const oldest = `${Number(today.slice(0, 4)) - PET_LIMITS.ageMaxYears}${today.slice(4)}`;
  if (value < oldest) return PET_PROBLEMS.birthDateOld;
  return undefined;
}

/** What is wrong with a weight in kilograms, or undefined. */
export function weightProblem(kg: number): string | undefined {
  return Number.isFinite(kg) && kg > 0 && kg <= PET_LIMITS.weightMaxKg ? undefined : PET_PROBLEMS.weight;
}

/** A saved pet's details beside its name and species, as an appointment carries them. */
export interface PetDetails {
  breed: string;
  birth_date: string | null;
  weight_kg: number | null;
  notes: string;
}

/**
 * The lines a practice reads about the pet, on its appointment list and in the request e-mail ('Breed: Beagle',
 * 'Age: 3 years (born Mar 02, 2023)', 'Weight: 12.5 kg (27.6 lb)', 'Notes: ...'); details not given are left out.
 * `today`: the reader's calendar day, 'YYYY-MM-DD'.
 */
export function petDetailLines(pet: PetDetails, today: string): string[] {
  return [
    ...(pet.breed ? [`Breed: ${pet.breed}`] : []),
    ...(pet.birth_date ? [`Age: ${formatAge(pet.birth_date, today)} (born ${formatCalendarDate(pet.birth_date)})`] : []),
    ...(pet.weight_kg !== null ? [`Weight: ${formatWeight(pet.weight_kg)}`] : []),
    ...(pet.notes ? [`Notes: ${pet.notes}`] : []),
  ];
}
