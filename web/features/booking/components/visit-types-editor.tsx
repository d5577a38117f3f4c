// The practice's visit types (decisions.md section 18): name, length, the species it is for, whether new patients
// may book it, and an optional 'from $' price; up to 20, added, edited and removed here and saved together.
import { useEffect, useState, type FormEvent } from 'react';
import { MESSAGES } from '../../../../shared/constants/messages';
import { SPECIES } from '../../../../shared/constants/services';
import { FormError } from '../../../components/ui/form-error';
import { InputField, SelectField } from '../../../components/ui/text-field';
import { failureMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useSaveVisitTypesMutation, useVisitTypesQuery, type VisitTypeDraft } from '../api/booking';

export const VISIT_TYPES_MAX = 20;
const MINUTES = [10, 15, 20, 30, 45, 60, 90, 120, 180, 240];
const blank = (): Row => ({ key: Math.random(), name: '', minutes: 30, species: [], new_patients: true, price: '' });

interface Row {
  key: number;
  id?: number;
  name: string;
  minutes: number;
  species: string[];
  new_patients: boolean;
  price: string;
}

const toDraft = (row: Row): VisitTypeDraft => ({
  ...(row.id ? { id: row.id } : {}),
  name: row.name.trim(),
  minutes: row.minutes,
  species: row.species,
  new_patients: row.new_patients,
  ...(row.price.trim() ? { price_from: Number(row.price) } : {}),
});

export function VisitTypesEditor() {
  const { data, isLoading } = useVisitTypesQuery();
  const [save, saving] = useSaveVisitTypesMutation();
  const [rows, setRows] = useState<Row[]>([]);
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    if (data)
      setRows(
        data.map((t) => ({
          key: t.id,
          id: t.id,
          name: t.name,
          minutes: t.minutes,
          species: t.species,
          new_patients: t.new_patients,
          price: t.price_from ? String(t.price_from) : '',
        })),
      );
  }, [data]);
  if (isLoading) return <p role="status">Loading your visit types…</p>;

  const change = (key: number, update: Partial<Row>) => setRows((all) => all.map((row) => (row.key === key ? { ...row, ...update } : row)));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    const bad = rows.find((row) => row.name.trim().length < 2);
    if (bad) return setProblem('Give each visit type a name of at least 2 characters.');
    if (rows.some((row) => row.price.trim() && !/^\d{1,5}$/.test(row.price.trim()))) return setProblem('Enter each price as whole dollars, or leave it empty.');
    const answer = await save({ visit_types: rows.map(toDraft) });
    if (answer.error) return setProblem(failureMessage(answer.error, 'The visit types could not be saved.'));
    toast.success(MESSAGES.saved);
  };

  return (
    <form className="booking-form" onSubmit={submit} aria-labelledby="visit-types-title" noValidate>
      <h3 id="visit-types-title">Visit types</h3>
      <p className="muted">What pet owners can book, and how long each visit takes. Owners see the price as &lsquo;from $&rsquo;.</p>
      {rows.length === 0 && <p className="empty-state">No visit types yet. Add one, for example &lsquo;Checkup&rsquo; for 30 minutes.</p>}
      <ol className="visit-type-list">
        {rows.map((row, index) => {
          const id = (field: string) => `visit-${row.key}-${field}`;
          return (
            <li key={row.key} className="visit-type-row">
              <div className="form-row">
                <InputField
                  id={id('name')}
                  label={<>Name of visit {index + 1}</>}
                  maxLength={60}
                  value={row.name}
                  onChange={(e) => change(row.key, { name: e.target.value })}
                />
                <SelectField id={id('minutes')} label="Length" value={row.minutes} onChange={(e) => change(row.key, { minutes: Number(e.target.value) })}>
                  {MINUTES.map((m) => (
                    <option key={m} value={m}>
                      {m} minutes
                    </option>
                  ))}
                </SelectField>
                <InputField
                  id={id('price')}
                  label="Price from ($, optional)"
                  inputMode="numeric"
                  maxLength={5}
                  value={row.price}
                  onChange={(e) => change(row.key, { price: e.target.value })}
                />
              </div>
              <fieldset className="species-choice">
                <legend>For which animals (none chosen: all)</legend>
                {SPECIES.map((species) => (
                  <label key={species} className="choice">
                    <input
                      type="checkbox"
                      checked={row.species.includes(species)}
                      onChange={(e) => change(row.key, { species: e.target.checked ? [...row.species, species] : row.species.filter((s) => s !== species) })}
                    />
                    {species}
                  </label>
                ))}
              </fieldset>
              <label className="choice">
                <input type="checkbox" checked={row.new_patients} onChange={(e) => change(row.key, { new_patients: e.target.checked })} />
                New patients may book it
              </label>
              <button type="button" className="button button-danger" onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}>
                Remove<span className="visually-hidden"> {row.name || `visit ${index + 1}`}</span>
              </button>
            </li>
          );
        })}
      </ol>
      <FormError>{problem}</FormError>
      <div className="appointment-actions">
        <button type="button" className="button" disabled={rows.length >= VISIT_TYPES_MAX} onClick={() => setRows((all) => [...all, blank()])}>
          Add a visit type
        </button>
        <button type="submit" className="button button-primary" disabled={saving.isLoading}>
          Save visit types
        </button>
      </div>
      {rows.length >= VISIT_TYPES_MAX && <p className="muted">You have the most visit types a practice can offer ({VISIT_TYPES_MAX}).</p>}
    </form>
  );
}
