// /viewprofile: the services the practice offers, from the maintained list plus its own.
import { useState, type FormEvent } from 'react';
import { SERVICES } from '../../../../shared/constants/services';
import { checkChoiceList } from '../../../../shared/lib/profile-rules';
import { useAppDispatch } from '../../../app/store';
import { userReplaced } from '../../auth';
import { useChangeServicesMutation } from '../api/change-services';
import { OwnChoices } from './own-choices';
import { FormError } from '../../../components/ui/form-error';
import '../profile.css';

export function ServicesPanel({ services }: { services: string[] }) {
  const [chosen, setChosen] = useState<string[]>(services);
  const [saved, setSaved] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [save, { isLoading }] = useChangeServicesMutation();
  const dispatch = useAppDispatch();
  const choose = (next: string[]) => {
    setSaved(false);
    setChosen(next);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The server's rule and words (shared/schemas/profile.ts), told before sending.
    const refused = checkChoiceList(chosen, 'services');
    setProblem(refused);
    if (refused) return;
    const answer = await save(chosen);
    if ('error' in answer && answer.error) return setProblem((answer.error as { message?: string }).message);
    if (answer.data) dispatch(userReplaced(answer.data));
    setSaved(true);
  };

  return (
    <form className="card plan-panel" id="services" onSubmit={submit}>
      <h2>Services</h2>
      <p className="muted">Pet owners see these on your page and can find you by them in search.</p>
      <OwnChoices
        legend="Services you offer"
        hideLegend
        options={SERVICES}
        value={chosen}
        onChange={choose}
        addLabel="Add your own service"
        addId="own-service"
      />
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={isLoading}>
          {isLoading ? 'Saving…' : 'Save services'}
        </button>
      </div>
      {saved && <p role="status">Services saved.</p>}
      <FormError>{problem}</FormError>
    </form>
  );
}
