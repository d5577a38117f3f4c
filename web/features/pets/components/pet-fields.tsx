// The fields of one pet (docs/product.md section 31), as /mypets' form and the picker's 'A new pet' show them:
// name and species first (all a practice needs), then the optional breed, birth date, weight and notes.
// Values are kept as typed; `petInput` turns them into the save call's body.
import { InputField, SelectField, TextAreaField } from '../../../components/ui/text-field';
import { fieldProps, invalidField } from '../../../lib/field-props';
import { PET_LIMITS, PET_SPECIES, speciesOfOne } from '../../../../shared/lib/pet-rules';
import { calendarToday } from '../../../../shared/lib/formats';
import type { Pet, SavePetInput } from '../../../../shared/schemas/pet';
import { now } from '../../../lib/clock';

export interface PetValues {
  name: string;
  species: string;
  breed: string;
  birth_date: string;
  weight_kg: string;
  notes: string;
}

export const EMPTY_PET: PetValues = { name: '', species: '', breed: '', birth_date: '', weight_kg: '', notes: '' };

/** A saved pet as the form's values. */
export const valuesOf = (pet: Pet): PetValues => ({
  name: pet.name,
  species: pet.species,
  breed: pet.breed,
  birth_date: pet.birth_date ?? '',
  weight_kg: pet.weight_kg === null ? '' : String(pet.weight_kg),
  notes: pet.notes,
});

/** The save call's body; the server checks everything again and says what is wrong. */
export const petInput = (values: PetValues, id?: number): SavePetInput => ({
  ...(id === undefined ? {} : { id }),
  name: values.name,
  species: values.species as SavePetInput['species'],
  breed: values.breed,
  birth_date: values.birth_date || null,
  weight_kg: values.weight_kg.trim() === '' ? null : Number(values.weight_kg),
  notes: values.notes,
});

/** 'Dog' for 'dogs': a species as a choice reads. */
export const speciesLabel = (species: string) => {
  const one = speciesOfOne(species);
  return one.charAt(0).toUpperCase() + one.slice(1);
};

export function PetFields({
  idPrefix,
  values,
  onChange,
  problemField,
  describedBy,
  full = true,
}: {
  idPrefix: string;
  values: PetValues;
  onChange: (values: PetValues) => void;
  /** The field the server refused: marked invalid and described by the sentence (`describedBy`). */
  problemField?: string | undefined;
  describedBy: string;
  /** Show the optional details too (the booking picker may keep to name and species). */
  full?: boolean;
}) {
  const field = fieldProps<keyof PetValues>(values, (name, value) => onChange({ ...values, [name]: value }), invalidField(problemField, describedBy));
  return (
    <div className="pet-fields">
      <div className="form-row">
        <InputField id={`${idPrefix}-name`} label="Pet's name" required maxLength={PET_LIMITS.nameMax} {...field('name')} />
        <SelectField id={`${idPrefix}-species`} label="Species" required {...field('species')}>
          <option value="">Choose…</option>
          {PET_SPECIES.map((species) => (
            <option key={species} value={species}>
              {speciesLabel(species)}
            </option>
          ))}
        </SelectField>
      </div>
      {full && (
        <>
          <div className="form-row form-row-3">
            <InputField id={`${idPrefix}-breed`} label="Breed (optional)" maxLength={PET_LIMITS.breedMax} {...field('breed')} />
            <InputField id={`${idPrefix}-birth`} label="Birth date (optional)" type="date" max={calendarToday(now())} {...field('birth_date')} />
            <InputField
              id={`${idPrefix}-weight`}
              label="Weight in kg (optional)"
              type="number"
              inputMode="decimal"
              min="0.01"
              max={PET_LIMITS.weightMaxKg}
              step="any"
              {...field('weight_kg')}
            />
          </div>
          <TextAreaField
            id={`${idPrefix}-notes`}
            label="Notes for the vet (optional)"
            rows={3}
            maxLength={PET_LIMITS.notesMax}
            placeholder="Allergies, medicines, temperament…"
            {...field('notes')}
          />
        </>
      )}
    </div>
  );
}
