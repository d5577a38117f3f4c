// /mypets (docs/product.md section 31): the owner's saved pets as cards, added and changed in a form that keeps
// what was typed when the server refuses it, removed after a confirmation. The request form's picker offers them.
import { Fragment, useState, type FormEvent } from 'react';
import { AccountPageFrame, ListShell, type ListTexts } from '../../../components/ui/list-shell';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormError } from '../../../components/ui/form-error';
import { toast } from '../../../lib/toast';
import { failureField, failureMessage } from '../../../lib/api';
import { calendarToday, formatAge, formatCalendarDate, formatWeight } from '../../../../shared/lib/formats';
import { PET_LIMITS } from '../../../../shared/lib/pet-rules';
import type { Pet } from '../../../../shared/schemas/pet';
import { usePetsQuery, useRemovePetMutation, useSavePetMutation } from '../api/pets';
import { EMPTY_PET, PetFields, petInput, speciesLabel, valuesOf, type PetValues } from '../components/pet-fields';
import '../pets.css';
import { now } from '../../../lib/clock';

/** The form: closed, adding a pet, or changing the pet with this id. */
type Editing = null | 'new' | number;

function PetCard({ pet, onEdit, onRemove }: { pet: Pet; onEdit: () => void; onRemove: () => void }) {
  const today = calendarToday(now());
  const facts: [string, string][] = [
    ['Species', speciesLabel(pet.species)],
    ...(pet.breed ? [['Breed', pet.breed] as [string, string]] : []),
    ...(pet.birth_date ? [['Age', `${formatAge(pet.birth_date, today)} (born ${formatCalendarDate(pet.birth_date)})`] as [string, string]] : []),
    ...(pet.weight_kg !== null ? [['Weight', formatWeight(pet.weight_kg)] as [string, string]] : []),
    ...(pet.notes ? [['Notes', pet.notes] as [string, string]] : []),
  ];
  return (
    <li className="card pet-card">
      <h2>{pet.name}</h2>
      <dl>
        {facts.map(([term, value]) => (
          <Fragment key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
      <div className="pet-actions">
        <button type="button" className="button" onClick={onEdit}>
          Edit<span className="visually-hidden"> {pet.name}</span>
        </button>
        <button type="button" className="button" onClick={onRemove}>
          Remove<span className="visually-hidden"> {pet.name}</span>
        </button>
      </div>
    </li>
  );
}

export default function MyPetsPage() {
  const query = usePetsQuery(undefined, { refetchOnMountOrArgChange: true });
  const pets = query.currentData?.data;
  const [editing, setEditing] = useState<Editing>(null);
  const [values, setValues] = useState<PetValues>(EMPTY_PET);
  const [problem, setProblem] = useState<{ message: string; field?: string | undefined }>();
  const [removing, setRemoving] = useState<Pet>();
  const [save, saving] = useSavePetMutation();
  const [remove, removal] = useRemovePetMutation();
  const full = (pets?.length ?? 0) >= PET_LIMITS.perAccount;

  const open = (target: Editing, start: PetValues) => {
    setEditing(target);
    setValues(start);
    setProblem(undefined);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    const answer = await save(petInput(values, typeof editing === 'number' ? editing : undefined));
    if (answer.error) {
      // The form keeps what was typed; the sentence says what to change.
      setProblem({ message: failureMessage(answer.error, 'Your pet could not be saved. Please try again.'), field: failureField(answer.error) });
      return;
    }
    toast.success(answer.data.message);
    setEditing(null);
  };
  const confirmRemove = async () => {
    if (!removing) return;
    const answer = await remove({ id: removing.id });
    setRemoving(undefined);
    if (answer.error) toast.error(failureMessage(answer.error, 'Your pet could not be removed. Please try again.'));
    else toast.success(answer.data.message);
  };

  const form = editing !== null && (
    <form className="card pet-form" onSubmit={submit} aria-labelledby="pet-form-title" noValidate>
      <h2 id="pet-form-title">{editing === 'new' ? 'Add a pet' : `Edit ${pets?.find((pet) => pet.id === editing)?.name ?? 'your pet'}`}</h2>
      <PetFields idPrefix="pet" values={values} onChange={setValues} problemField={problem?.field} describedBy="pet-problem" />
      <FormError id="pet-problem">{problem?.message}</FormError>
      <div className="pet-actions">
        <button type="submit" className="button button-primary" disabled={saving.isLoading}>
          {saving.isLoading ? 'Saving…' : 'Save pet'}
        </button>
        <button type="button" className="button" onClick={() => setEditing(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
  const texts: ListTexts = {
    failure: 'Your pets could not be loaded.',
    loading: 'Loading your pets…',
    empty: editing === null && (
      <div className="empty-state">
        <p>
          Save your pets here once: when you ask a practice for an appointment, you pick the pet and the vet sees its species, breed, age, weight and your notes
          before the visit.
        </p>
        <button type="button" className="button button-primary" onClick={() => open('new', EMPTY_PET)}>
          Add your first pet
        </button>
      </div>
    ),
  };

  return (
    <AccountPageFrame title="My pets" lead="Your pets' details, ready to pick when you request an appointment.">
      {pets && pets.length > 0 && (
        <div className="spread-row pets-head">
          <p className="results-count">
            {pets.length} of {PET_LIMITS.perAccount} pets
          </p>
          {editing === null &&
            (full ? (
              <p className="muted">Remove a pet to add another.</p>
            ) : (
              <button type="button" className="button button-primary" onClick={() => open('new', EMPTY_PET)}>
                Add a pet
              </button>
            ))}
        </div>
      )}
      {form}
      <ListShell query={query} total={pets?.length} texts={texts} skeletons={1}>
        <ul className="pet-list" aria-label="Your pets">
          {pets?.map((pet) => (
            <PetCard key={pet.id} pet={pet} onEdit={() => open(pet.id, valuesOf(pet))} onRemove={() => setRemoving(pet)} />
          ))}
        </ul>
      </ListShell>
      <ConfirmDialog
        open={removing !== undefined}
        title={`Remove ${removing?.name ?? 'this pet'}?`}
        confirmLabel="Remove"
        busyLabel="Removing…"
        danger
        busy={removal.isLoading}
        onCancel={() => setRemoving(undefined)}
        onConfirm={() => void confirmRemove()}
      >
        <p>Requests you already sent keep the details the practice was shown.</p>
      </ConfirmDialog>
    </AccountPageFrame>
  );
}
