// The account pages' boxes: the site's InputField with what is asked under it (`note`) and the form's message, both
// named by aria-describedby, and aria-invalid while the message stands. PasswordField adds the show/hide button.
import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { InputField } from '../../../components/ui/text-field';

type AuthFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  id: string;
  label: string;
  /** The form's message for this field (useAuthForm). */
  error?: string;
  /** What is asked, always shown under the box. */
  note?: string;
};

/** aria-invalid, aria-describedby and the lines under the box. */
function described(id: string, error: string | undefined, note: string | undefined) {
  const noteId = `${id}-note`;
  const errorId = `${id}-error`;
  const describedBy = [note ? noteId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return {
    marks: { 'aria-invalid': error ? (true as const) : undefined, 'aria-describedby': describedBy || undefined },
    lines: (
      <>
        {note && (
          <span id={noteId} className="field-hint muted">
            {note}
          </span>
        )}
        {error && (
          <span id={errorId} className="field-error">
            {error}
          </span>
        )}
      </>
    ),
  };
}

export function AuthField({ id, label, error, note, ...input }: AuthFieldProps) {
  const { marks, lines } = described(id, error, note);
  return <InputField id={id} label={label} {...input} {...marks} hint={lines} />;
}

/** An open or shut eye, drawn in the text colour. */
function EyeIcon({ shut }: { shut: boolean }): ReactNode {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {shut && <path d="M4 4l16 16" />}
    </svg>
  );
}

/**
 * A password box with a button that shows what was typed: a real toggle button (type="button", so it never submits)
 * named 'Show password' by its hidden text (not aria-label, so getByLabel('Password') still finds only the box), with
 * aria-pressed saying whether it is shown (a toggle keeps one name; its state is aria-pressed), and a 40 px target
 * (WCAG 2.2, 2.5.8 asks at least 24). The eye is shut while the password is hidden, as antd drew it.
 */
export function PasswordField({ id, label, error, note, ...input }: Omit<AuthFieldProps, 'type'>) {
  const [shown, setShown] = useState(false);
  const { marks, lines } = described(id, error, note);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="password-box">
        <input id={id} type={shown ? 'text' : 'password'} {...input} {...marks} />
        <button type="button" className="password-toggle" aria-pressed={shown} aria-controls={id} onClick={() => setShown((now) => !now)}>
          <EyeIcon shut={!shown} />
          <span className="visually-hidden">Show password</span>
        </button>
      </div>
      {lines}
    </div>
  );
}
