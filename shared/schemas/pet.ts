// An owner's saved pets (docs/product.md section 31): list, save (add or edit) and remove. Names are the
// contract's (decisions section 19); answers add a sentence for the user beside the pet.
import { Type, type Static } from '@sinclair/typebox';
import { Id, OptionalText } from './common';
import { PET_LIMITS, PET_PROBLEMS, PET_SPECIES } from '../lib/pet-rules';

const strict = { additionalProperties: false } as const;

const Name = Type.String({
  minLength: 1,
  maxLength: PET_LIMITS.nameMax,
  // Blank or on more than one line: the server says which (pets/pet-store.ts).
  title: "pet's name",
  errorMessage: {
    minLength: "Enter your pet's name.",
    maxLength: `Keep the pet's name to ${PET_LIMITS.nameMax} characters or fewer.`,
    type: "Enter your pet's name.",
  },
});
const Species = Type.Union(
  PET_SPECIES.map((species) => Type.Literal(species)),
  { title: 'species', errorMessage: `Choose the species: ${PET_SPECIES.join(', ')}.` },
);
const Breed = OptionalText('breed', PET_LIMITS.breedMax, {
  control: 'Write the breed on one line, without control characters.',
  notText: 'Write the breed as text, or leave it empty.',
});
const BirthDate = Type.Union([Type.String({ maxLength: 10 }), Type.Null()], { title: 'birth date', errorMessage: PET_PROBLEMS.birthDateFormat });
const Weight = Type.Union([Type.Number(), Type.Null()], { title: 'weight', errorMessage: PET_PROBLEMS.weight });
const Notes = OptionalText('notes', PET_LIMITS.notesMax, {
  control: 'The notes contain a control character that is not allowed.',
  notText: 'Write the notes as text, or leave them empty.',
});

/** A saved pet as the owner (and, on an appointment, the practice) sees it. */
export const PetSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  species: Type.String(),
  breed: Type.String(),
  /** 'YYYY-MM-DD', or null when not given. */
  birth_date: Type.Union([Type.String(), Type.Null()]),
  weight_kg: Type.Union([Type.Number(), Type.Null()]),
  notes: Type.String(),
});
export type Pet = Static<typeof PetSchema>;

export const PetListAnswer = Type.Object({ data: Type.Array(PetSchema) });
export type PetListAnswer = Static<typeof PetListAnswer>;

/** Add a pet (no id) or change one of the account's pets (its id). Breed, birth date, weight and notes may be left out. */
export const SavePetBody = Type.Object(
  {
    id: Type.Optional(Id),
    name: Name,
    species: Species,
    breed: Type.Optional(Breed),
    birth_date: Type.Optional(BirthDate),
    weight_kg: Type.Optional(Weight),
    notes: Type.Optional(Notes),
  },
  strict,
);
export type SavePetInput = Static<typeof SavePetBody>;
export const SavePetAnswer = Type.Object({ message: Type.String(), pet: PetSchema });
export type SavePetAnswer = Static<typeof SavePetAnswer>;

export const RemovePetBody = Type.Object({ id: Id }, strict);
export const RemovePetAnswer = Type.Object({ message: Type.String(), id: Type.Integer() });
export type RemovePetAnswer = Static<typeof RemovePetAnswer>;
