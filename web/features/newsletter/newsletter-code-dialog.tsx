// The newsletter's code step (docs/product.md, Client state and flows, Newsletter): loaded only when a code was sent, so the
// footer on every page stays light.
import type { FormEvent } from 'react';
import { Dialog } from '../../components/ui/dialog';
import { DigitsInput } from '../../components/ui/digits-input';
import './newsletter.css';

interface CodeDialogProps {
  email: string;
  code: string;
  pending: boolean;
  onCode: (code: string) => void;
  onConfirm: (event: FormEvent) => void;
  onClose: () => void;
}

export default function NewsletterCodeDialog({ email, code, pending, onCode, onConfirm, onClose }: CodeDialogProps) {
  return (
    <Dialog open title="Confirm your subscription" onClose={onClose}>
      <form onSubmit={onConfirm}>
        <p>
          We sent a 6-digit code to <strong className="newsletter-address">{email}</strong>. Enter it to confirm your subscription.
        </p>
        <label htmlFor="newsletter-code" className="visually-hidden">
          Verification code
        </label>
        <DigitsInput id="newsletter-code" className="code-input" autoComplete="one-time-code" maxLength={6} value={code} onDigits={onCode} />
        <div className="actions">
          <button type="submit" className="button button-primary" disabled={pending || code.length === 0}>
            Confirm
          </button>
        </div>
      </form>
    </Dialog>
  );
}
