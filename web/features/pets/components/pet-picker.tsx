// Which pet a request or booking is for (docs/product.md section 31): the owner's saved pets as choices, and 'A new
// pet', whose fields open in place and are saved as a pet when the form is sent (`usePickedPet`), so the next
// request offers it. Used by the appointment request form and the booking form.
import { useEffect } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../../shared/routes';
import { failureField, failureMessage } from '../../../lib/api';
import { usePetsQuery, useSavePetMutation } from '../api/pets';
import { useAppSelector } from '../../../app/store';
import { EMPTY_PET, PetFields, petInput, speciesLabel, type PetValues } from './pet-fields';
import '../pets.css';

/** The choice: a saved pet's id, 'new' (then `pet` holds the typed fields), or null until the pets have loaded. */
export interface PetChoice {
  pick: number | 'new' | null;
  pet: PetValues;
}

export const NO_PET_CHOICE: PetChoice = { pick: null, pet: EMPTY_PET };

/** The refusal of saving the new pet, as the picker marks it. */
export interface PetProblem {
  message: string;
  field?: string | undefined;
}

/**
 * Resolves a choice to a pet id for the request: a saved pet's own, or the new pet saved first. A saved new
 * pet comes back as `choice` (picked by its id), so sending the form again does not save it twice.
 */
export function usePickedPet(): { resolve: (choice: PetChoice) => Promise<{ petId: number; choice: PetChoice } | { problem: PetProblem }>; saving: boolean } {
  const [save, { isLoading }] = useSavePetMutation();
  return {
    saving: isLoading,
    async resolve(choice) {
      if (typeof choice.pick === 'number') return { petId: choice.pick, choice };
      if (choice.pick === null) return { problem: { message: 'Choose which pet the visit is for.', field: 'pet_id' } };
      const answer = await save(petInput(choice.pet));
      if (answer.error)
        return { problem: { message: failureMessage(answer.error, 'Your pet could not be saved. Please try again.'), field: failureField(answer.error) } };
      return { petId: answer.data.pet.id, choice: { pick: answer.data.pet.id, pet: EMPTY_PET } };
    },
  };
}

export function PetPicker({
  idPrefix,
  value,
  onChange,
  problemField,
  describedBy,
  full = false,
}: {
  idPrefix: string;
  value: PetChoice;
  onChange: (choice: PetChoice) => void;
  /** The field a refusal named ('pet_id' marks the choice, a pet field the new pet's box). */
  problemField?: string | undefined;
  describedBy: string;
  /** The new pet's optional details too (breed, birth date, weight, notes). */
  full?: boolean;
}) {
  // A stored session still being checked (a reload) is not asked for its pets yet: the picker waits, busy.
  const restoring = useAppSelector((state) => state.auth.restoring);
  const query = usePetsQuery(undefined, { refetchOnMountOrArgChange: true, skip: restoring });
  const pets = query.currentData?.data;
  // Once the pets are known: the first saved pet, or a new one when there is none.
  useEffect(() => {
    // NOTE: a picked pet missing from a list read before it was saved stays picked (the server says if it is gone).
    if (value.pick === null && pets) onChange({ ...value, pick: pets[0]?.id ?? 'new' });
  }, [pets, value, onChange]);
  const choose = (pick: number | 'new') => () => onChange({ ...value, pick });
  const invalid = problemField === 'pet_id' ? { 'aria-invalid': true, 'aria-describedby': describedBy } : {};
  return (
    <fieldset className="pet-picker" aria-busy={!pets && !query.isError}>
      <legend>Which pet is it for?</legend>
      {query.isError && <p className="muted">Your saved pets could not be loaded; you can add the pet here.</p>}
      <div className="pet-choices" hidden={restoring}>
        {pets?.map((pet) => (
          <label key={pet.id} className="pet-choice">
            <input type="radio" name={`${idPrefix}-pet`} checked={value.pick === pet.id} onChange={choose(pet.id)} {...invalid} />
            <span>
              <strong>{pet.name}</strong> <span className="muted">{[speciesLabel(pet.species), pet.breed].filter(Boolean).join(', ')}</span>
            </span>
          </label>
        ))}
        <label className="pet-choice">
          <input type="radio" name={`${idPrefix}-pet`} checked={value.pick === 'new'} onChange={choose('new')} {...invalid} />
          <span>
            <strong>A new pet</strong>
          </span>
        </label>
      </div>
      {value.pick === 'new' && (
        <div className="pet-new">
          <PetFields
            idPrefix={idPrefix}
            values={value.pet}
            onChange={(pet) => onChange({ ...value, pet })}
            problemField={problemField}
            describedBy={describedBy}
            full={full}
          />
          <p className="small muted">
            We save the pet to <Link to={paths.myPets}>My pets</Link> when you send, so next time you just pick it.
          </p>
        </div>
      )}
    </fieldset>
  );
}
