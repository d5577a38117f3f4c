// The account pages' plain forms (docs/decisions/250-auth-forms-without-antd.md). Each field's checks run in the
// browser on submit (the form is noValidate, so no browser bubble); a field's first message stands under it, tied to
// the box by aria-invalid and aria-describedby, and the first field in error takes the focus. After a first submit
// every change checks again, so a message goes as soon as the field is right. The wording is the contract's
// (docs/product.md 17.3, FORM_MESSAGES): 'Required!' and '${label} is not a valid email!'.
import { useId, useRef, useState, type FormEvent } from 'react';
import { FORM_MESSAGES } from '../../../shared/constants/messages';

/** The e-mail pattern of async-validator, the one antd's forms applied, so the same addresses pass as before. */
const EMAIL_PATTERN =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]+\.)+[a-zA-Z\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]{2,}))$/;

/** A field's check: the sentence saying what is wrong, or undefined. It sees every value (a confirmation does). */
export type Check<K extends string> = (value: string, values: Readonly<Record<K, string>>) => string | undefined | Promise<string | undefined>;

/** An empty field: 'Required!'. */
export const required = (value: string) => (value === '' ? FORM_MESSAGES.required : undefined);

/** A filled field that is not an e-mail address: '${label} is not a valid email!' (an empty one is `required`'s). */
export const validEmail = (label: string) => (value: string) =>
  value === '' || (value.length <= 320 && EMAIL_PATTERN.test(value)) ? undefined : FORM_MESSAGES.types.email.replace('${label}', label);

/**
 * A form's values, messages and submit. `field(name)` gives an AuthField (or PasswordField) its id, value, change and
 * message; `submit(send)` is the form's onSubmit: it checks every field and calls `send` only when all pass.
 */
export function useAuthForm<K extends string>(initial: Readonly<Record<K, string>>, checks: Readonly<Partial<Record<K, readonly Check<K>[]>>>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const submitted = useRef(false);
  const round = useRef(0);
  const prefix = useId();
  const idOf = (name: K) => `${prefix}-${name}`;

  /** Every field's first failed check; only the latest round's answer is shown (a check may wait for a list). */
  const checkAll = async (current: Readonly<Record<K, string>>) => {
    const mine = ++round.current;
    const found: Partial<Record<K, string>> = {};
    for (const name of Object.keys(checks) as K[]) {
      for (const check of checks[name] ?? []) {
        const message = await check(current[name], current);
        if (message) {
          found[name] = message;
          break;
        }
      }
    }
    const latest = mine === round.current;
    if (latest) setErrors(found);
    return { found, latest };
  };

  const update = (name: K, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted.current) void checkAll(next);
  };

  /** A submit is being checked or sent: a second click or Enter meanwhile does nothing (no double sign-up). */
  const busy = useRef(false);
  const submit = (send: (values: Readonly<Record<K, string>>) => Promise<void> | void) => (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    if (busy.current) return;
    busy.current = true;
    void (async () => {
      try {
        const { found, latest } = await checkAll(values);
        if (!latest) return;
        const first = (Object.keys(checks) as K[]).find((name) => found[name]);
        if (first) {
          document.getElementById(idOf(first))?.focus();
          return;
        }
        await send(values);
      } finally {
        busy.current = false;
      }
    })();
  };

  const field = (name: K) => ({
    id: idOf(name),
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => update(name, event.target.value),
    error: errors[name],
  });

  return { values, update, field, submit };
}
