// The contact form of a Professional or Premium profile (docs/product.md section 5): name, e-mail,
// phone (optional), pet species and message, plain text. A hidden `website` field is a honeypot. A signed-in
// person finds their name and e-mail filled in from the session (docs/product.md 27.8).
import { InputField, TextAreaField } from '../../../components/ui/text-field';
import { fieldProps, invalidField } from '../../../lib/field-props';
import { formatNumber } from '../../../../shared/lib/formats';
import { useEffect, useState, type FormEvent } from 'react';
import { useAppSelector } from '../../../app/store';
import { CONTACT_LIMITS } from '../../../../shared/constants/services';
import { useContactDoctorMutation, type ContactInput } from '../api/contact-doctor';
import { FormError } from '../../../components/ui/form-error';
import '../doctors.css';

const EMPTY = { name: '', email: '', phone: '', species: '', message: '', website: '' };

export function ContactForm({ doctorId, clinic }: { doctorId: number; clinic: string }) {
  const [values, setValues] = useState(EMPTY);
  const user = useAppSelector((state) => (state.auth.logined ? state.auth.user : undefined));
  const own = { name: [user?.first_name, user?.last_name].filter(Boolean).join(' '), email: user?.email ?? '' };
  // Once the session is known (after the stored one is restored): fill what the person has not typed.
  useEffect(() => {
    if (own.name || own.email) setValues((v) => ({ ...v, name: v.name || own.name, email: v.email || own.email }));
  }, [own.name, own.email]);
  const [sent, setSent] = useState<string>();
  const [problem, setProblem] = useState<{ message: string; field?: string }>();
  const [send, { isLoading }] = useContactDoctorMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    const input: ContactInput = { id: doctorId, ...values };
    const answer = await send(input);
    if ('error' in answer && answer.error) {
      const error = answer.error as { message?: string; data?: { field?: string } };
      setProblem({ message: error.message ?? 'The message could not be sent. Please try again.', field: error.data?.field });
      return;
    }
    setSent(answer.data?.message);
    setValues({ ...EMPTY, ...own });
  };
  const field = fieldProps<keyof typeof EMPTY>(
    values,
    (name, value) => setValues((v) => ({ ...v, [name]: value })),
    invalidField(problem?.field, 'contact-problem'),
  );

  return (
    <div className="card" id="contact">
      <h2>Send a message</h2>
      {sent ? (
        <div role="status" className="form-success">
          <p>{sent}</p>
          <button type="button" className="button" onClick={() => setSent(undefined)}>
            Write another message
          </button>
        </div>
      ) : (
        <form className="contact-form" onSubmit={submit} noValidate={false}>
          <p className="muted">Ask {clinic} a question. They answer by e-mail or phone.</p>
          <InputField id="contact-name" label="Your name" required maxLength={CONTACT_LIMITS.nameMax} autoComplete="name" {...field('name')} />
          <InputField id="contact-email" label="E-mail" type="email" required autoComplete="email" {...field('email')} />
          <div className="form-row">
            <InputField id="contact-phone" label="Phone (optional)" type="tel" maxLength={CONTACT_LIMITS.phoneMax} autoComplete="tel" {...field('phone')} />
            <InputField id="contact-species" label="Pet species" maxLength={CONTACT_LIMITS.speciesMax} placeholder="Dog, cat, rabbit…" {...field('species')} />
          </div>
          <TextAreaField
            id="contact-message"
            label="Message"
            required
            rows={5}
            maxLength={CONTACT_LIMITS.messageMax}
            {...field('message')}
            hint={
              <span className="muted field-hint">
                Plain text, up to {formatNumber(CONTACT_LIMITS.messageMax)} characters ({values.message.length} used).
              </span>
            }
          />
          {/* The honeypot: hidden from people and screen readers; bots fill it in. */}
          <div className="honeypot" aria-hidden="true">
            <label htmlFor="contact-website">Website</label>
            <input
              id="contact-website"
              name="website"
              tabIndex={-1}
              autoComplete="off"
              value={values.website}
              onChange={(event) => setValues((v) => ({ ...v, website: event.target.value }))}
            />
          </div>
          <FormError id="contact-problem">{problem?.message}</FormError>
          <button type="submit" className="button button-primary" disabled={isLoading}>
            {isLoading ? 'Sending…' : 'Send message'}
          </button>
        </form>
      )}
    </div>
  );
}
