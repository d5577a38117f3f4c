// What ties a form's box to its value and to the server's refusal: the value, the change, and, on the one field the
// server named (`problem.field`), aria-invalid with aria-describedby pointing at the sentence that says why.

export interface InvalidMarks {
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** aria-invalid and aria-describedby on the refused field, nothing on the others. */
export const invalidField =
  (problemField: string | undefined, describedBy: string) =>
  (field: string): InvalidMarks =>
    problemField === field ? { 'aria-invalid': true, 'aria-describedby': describedBy } : {};

/** `{...field('name')}` on an InputField, TextAreaField or SelectField: value, onChange and the invalid marks. */
export function fieldProps<K extends string>(
  values: NoInfer<Readonly<Record<K, string>>>,
  update: (field: K, value: string) => void,
  invalid: (field: string) => InvalidMarks = () => ({}),
) {
  return (field: K) => ({ value: values[field], onChange: (event: { target: { value: string } }) => update(field, event.target.value), ...invalid(field) });
}
