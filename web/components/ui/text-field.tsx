// A labelled text box as the site's plain forms write it (a .field with its label above): one input or textarea.
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';

interface Labelled {
  id: string;
  label: ReactNode;
  /** A line under the box (limits, what is asked). */
  hint?: ReactNode;
}

export function InputField({ id, label, hint, ...input }: Labelled & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} />
      {hint}
    </div>
  );
}

export function TextAreaField({ id, label, hint, ...textarea }: Labelled & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} {...textarea} />
      {hint}
    </div>
  );
}
