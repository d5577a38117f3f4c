// The footer newsletter form (docs/product.md, Client state and flows; Messages): e-mail -> code dialog -> confirmed.
// Kept free of antd: it is on every page, including the first one a visitor opens.
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { MESSAGES } from '../../../shared/constants/messages';
import { ApiError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { checkSubscribeCode } from './api/check-subscribe-code';
import { sendSubscribeCode } from './api/send-subscribe-code';
import './newsletter.css';

const loadCodeDialog = () => import('./newsletter-code-dialog');
const NewsletterCodeDialog = lazy(loadCodeDialog);

export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);

  const subscribe = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return; // submission is blocked while a request is pending
    if (!email.trim()) {
      toast.warning(MESSAGES.pleaseInputEmail);
      return;
    }
    setPending(true);
    void loadCodeDialog(); // fetched while the code is being sent
    try {
      await sendSubscribeCode(email.trim());
      setCode('');
      setDialogOpen(true);
    } catch (error) {
      // Failures are silent, except a refusal the server explains (shown as a warning).
      if (error instanceof ApiError && error.status !== undefined && error.status < 500) toast.warning(error.message);
    } finally {
      setPending(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    try {
      await checkSubscribeCode(email.trim(), parseInt(code, 10));
      toast.success(MESSAGES.subscribed);
      setEmail('');
    } catch (error) {
      if (error instanceof ApiError && error.status !== undefined && error.status < 500) toast.error(error.message);
    } finally {
      // The dialog closes on success and on failure (docs/product.md, Messages).
      setDialogOpen(false);
      setPending(false);
    }
  };

  return (
    <section aria-labelledby="newsletter-heading">
      <h2 className="footer-heading" id="newsletter-heading">
        Newsletter
      </h2>
      <p>Pet health tips from veterinarians, once a month. No spam; unsubscribe any time.</p>
      <form className="newsletter-form" onSubmit={subscribe} noValidate>
        {/* NOTE: "E-mail", not "Email": on the account pages a field found by the label "Email" is the page's own. */}
        <label htmlFor="newsletter-email" className="visually-hidden">
          E-mail address for the newsletter
        </label>
        <input id="newsletter-email" type="email" autoComplete="email" placeholder="you@example.com" value={email} onChange={(e) => setEmail(e.target.value)} />
        <button type="submit" className="button button-primary" disabled={pending} aria-busy={pending}>
          {pending && !dialogOpen ? 'Sending…' : 'Subscribe'}
        </button>
      </form>
      {dialogOpen && (
        <Suspense fallback={null}>
          <NewsletterCodeDialog email={email} code={code} pending={pending} onCode={setCode} onConfirm={confirm} onClose={() => setDialogOpen(false)} />
        </Suspense>
      )}
    </section>
  );
}
