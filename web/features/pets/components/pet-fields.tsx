// The fields of one pet (docs/product.md section 31), as /mypets' form and the picker's 'A new pet' show them:
// name and species first (all a practice needs), then the optional breed, birth date, weight and notes.
// Values are kept as typed; `petInput` turns them into the save call's body.
import { InputField, TextAreaField } from '../../../components/ui/text-field';
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
  const set = (field: keyof PetValues) => (event: { target: { value: string } }) => onChange({ ...values, [field]: event.target.value });
  const invalid = (field: string) => (problemField === field ? { 'aria-invalid': true, 'aria-describedby': describedBy } : {});
  return (
    <div className="pet-fields">
      <div className="form-row">
        <InputField
          id={`${idPrefix}-name`}
          label="Pet's name"
          required
          maxLength={PET_LIMITS.nameMax}
          value={values.name}
          onChange={set('name')}
          {...invalid('name')}
        />
        <div className="field">
          <label htmlFor={`${idPrefix}-species`}>Species</label>
          <select id={`${idPrefix}-species`} required value={values.species} onChange={set('species')} {...invalid('species')}>
            <option value="">Choose…</option>
            {PET_SPECIES.map((species) => (
              <option key={species} value={species}>
                {speciesLabel(species)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {full && (
        <>
          <div className="form-row form-row-3">
            <InputField
              id={`${idPrefix}-breed`}
              label="Breed (optional)"
              maxLength={PET_LIMITS.breedMax}
              value={values.breed}
              onChange={set('breed')}
              {...invalid('breed')}
            />
            <InputField
              id={`${idPrefix}-birth`}
              label="Birth date (optional)"
              type="date"
              max={calendarToday(now())}
              value={values.birth_date}
              onChange={set('birth_date')}
              {...invalid('birth_date')}
            />
            <InputField
              id={`${idPrefix}-weight`}
              label="Weight in kg (optional)"
              type="number"
              inputMode="decimal"
              min="0.01"
              max={PET_LIMITS.weightMaxKg}
              step="any"
              value={values.weight_kg}
              onChange={set('weight_kg')}
              {...invalid('weight_kg')}
            />
          </div>
          <TextAreaField
            id={`${idPrefix}-notes`}
            label="Notes for the vet (optional)"
            rows={3}
            maxLength={PET_LIMITS.notesMax}
            placeholder="Allergies, medicines, temperament…"
            value={values.notes}
            onChange={set('notes')}
            {...invalid('notes')}
          />
        </>
      )}
    </div>
  );
}
