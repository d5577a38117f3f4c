// /viewprofile: the services the practice offers, from the maintained list plus its own.
import { useState, type FormEvent } from 'react';
import { SERVICES } from '../../../../shared/constants/services';
import { useAppDispatch } from '../../../app/store';
import { userReplaced } from '../../auth';
import { useChangeServicesMutation } from '../api/plan-features-api';

export function ServicesPanel({ services }: { services: string[] }) {
  const [chosen, setChosen] = useState<string[]>(services);
  const [own, setOwn] = useState('');
  const [saved, setSaved] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [save, { isLoading }] = useChangeServicesMutation();
  const dispatch = useAppDispatch();
  const choices = [...SERVICES, ...chosen.filter((s) => !(SERVICES as readonly string[]).includes(s))];

  const toggle = (service: string) => {
    setSaved(false);
    setChosen((list) => (list.includes(service) ? list.filter((s) => s !== service) : [...list, service]));
  };
  const addOwn = () => {
    const value = own.trim().replace(/\s+/g, ' ');
    if (value && !chosen.includes(value)) setChosen((list) => [...list, value]);
    setOwn('');
    setSaved(false);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    const answer = await save(chosen);
    if ('error' in answer && answer.error) return setProblem((answer.error as { message?: string }).message);
    if (answer.data) dispatch(userReplaced(answer.data));
    setSaved(true);
  };

  return (
    <form className="card plan-panel" id="services" onSubmit={submit}>
      <h2>Services</h2>
      <p className="muted">Pet owners see these on your page and can find you by them in search.</p>
      <fieldset className="service-choices">
        <legend className="visually-hidden">Services you offer</legend>
        {choices.map((service) => (
          <label key={service}>
            <input type="checkbox" checked={chosen.includes(service)} onChange={() => toggle(service)} />
            {service}
          </label>
        ))}
      </fieldset>
      <div className="form-row">
        <div className="field">
          <label htmlFor="own-service">Add your own service</label>
          <input
            id="own-service"
            maxLength={60}
            value={own}
            onChange={(e) => setOwn(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), addOwn())}
          />
        </div>
      </div>
      <div className="actions">
        <button type="button" className="button" onClick={addOwn} disabled={!own.trim()}>
          Add
        </button>
        <button type="submit" className="button button-primary" disabled={isLoading}>
          {isLoading ? 'Saving…' : 'Save services'}
        </button>
      </div>
      {saved && <p role="status">Services saved.</p>}
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
