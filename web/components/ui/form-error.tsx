// The one line where a form says what went wrong: a plain sentence, read out as it appears (role="alert").
import type { ReactNode } from 'react';

/** Nothing while there is no error; `id` lets a field name it in aria-describedby. */
export function FormError({ id, children }: { id?: string; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="form-error" role="alert">
      {children}
    </p>
  );
}

/** A plain form's end: what went wrong, then its one submit button, greyed while the form is saved. */
export function FormFooter({ problem, label, busy, primary }: { problem: ReactNode; label: string; busy: boolean; primary?: boolean }) {
  return (
    <>
      <FormError>{problem}</FormError>
      <div>
        <button type="submit" className={primary ? 'button button-primary' : 'button'} disabled={busy}>
          {label}
        </button>
      </div>
    </>
  );
}
