// A labelled box as the site's plain forms write it (a .field with its label above): one input, textarea or select.
// `fieldProps` (web/lib/field-props.ts) ties a box to a form's values and to the field the server refused.
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

interface Labelled {
  id: string;
  label: ReactNode;
  /** What stands under the box (limits, what is asked, the box's own error). */
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

/** The choices are the children (option and optgroup elements). */
export function SelectField({ id, label, hint, children, ...select }: Labelled & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} {...select}>
        {children}
      </select>
      {hint}
    </div>
  );
}
