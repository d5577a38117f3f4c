// The account settings forms of /account (docs/product.md section 25): name, e-mail address, password and
// e-mail preferences. Each form keeps what was typed when the server refuses it, and shows the server's
// sentence beside the field it names.
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import type { AccountSettings, NotificationSettings } from '../../../../shared/schemas/account-settings';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import { FormError } from '../../../components/ui/form-error';
import { InputField } from '../../../components/ui/text-field';
import { useChange } from '../../../lib/use-change';
import { toast } from '../../../lib/toast';
import { loggedIn, signedInUser, userReplaced } from '../../auth';
import { useChangeEmailMutation } from '../api/change-email';
import { useChangeNameMutation } from '../api/change-name';
import { useChangeNotificationsMutation } from '../api/change-notifications';
import { useChangeOwnPasswordMutation } from '../api/change-own-password';
import '../account.css';

const OFFLINE = 'Your change could not be saved. Please check your connection and try again.';

function SettingsCard({ id, title, lead, children }: { id: string; title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <section className="card account-card" aria-labelledby={`${id}-heading`} id={id}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {lead && <p>{lead}</p>}
      {children}
    </section>
  );
}

function Field(props: {
  label: string;
  type?: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: string;
  invalid?: boolean;
  errorId?: string;
  hint?: string;
}) {
  const id = useId();
  const hintId = useId();
  const describedBy = [props.hint ? hintId : '', props.invalid && props.errorId ? props.errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <InputField
      id={id}
      label={props.label}
      type={props.type ?? 'text'}
      value={props.value}
      autoComplete={props.autoComplete}
      required
      aria-invalid={props.invalid ? true : undefined}
      aria-describedby={describedBy}
      onChange={(event) => props.onChange(event.target.value)}
      hint={
        props.hint && (
          <span id={hintId} className="field-hint">
            {props.hint}
          </span>
        )
      }
    />
  );
}

/**
 * A settings form: its fields, the server's sentence when it refuses, and the submit button. `change` runs on submit;
 * a refusal keeps what was typed (docs/product.md section 25).
 */
function SettingsForm(props: {
  form: ReturnType<typeof useChange>;
  change: () => Promise<unknown>;
  busy: boolean;
  label: string;
  busyLabel?: string;
  /** The browser's own checks stay off where the server's sentence says what is wrong. */
  noValidate?: boolean;
  children: ReactNode;
}) {
  const { form, busy } = props;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.run(props.change);
  };
  return (
    <form className="settings-form" onSubmit={submit} noValidate={props.noValidate ?? true}>
      {props.children}
      <FormError id={form.errorId}>{form.problem?.message}</FormError>
      <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
        {busy ? (props.busyLabel ?? 'Saving…') : props.label}
      </button>
    </form>
  );
}

export function NameForm({ settings }: { settings: AccountSettings }) {
  const [firstName, setFirstName] = useState(settings.first_name);
  const [lastName, setLastName] = useState(settings.last_name);
  const [changeName, { isLoading }] = useChangeNameMutation();
  const user = useAppSelector(signedInUser);
  const dispatch = useAppDispatch();
  const form = useChange(OFFLINE);
  const change = async () => {
    const answer = await changeName({ first_name: firstName, last_name: lastName }).unwrap();
    // The header shows the new name at once.
    if (user) dispatch(userReplaced({ ...user, first_name: answer.settings.first_name, last_name: answer.settings.last_name }));
    toast.success(answer.message);
  };
  return (
    <SettingsCard id="name" title="Name" lead="The name we greet you with in e-mails and show to the practices you contact.">
      <SettingsForm form={form} change={change} busy={isLoading} label="Save name">
        <div className="settings-fields">
          <Field label="First name" value={firstName} onChange={setFirstName} autoComplete="given-name" {...form.field('first_name')} />
          <Field label="Last name" value={lastName} onChange={setLastName} autoComplete="family-name" {...form.field('last_name')} />
        </div>
      </SettingsForm>
    </SettingsCard>
  );
}

export function EmailForm({ settings }: { settings: AccountSettings }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [sent, setSent] = useState<string>();
  const [changeEmail, { isLoading }] = useChangeEmailMutation();
  const form = useChange(OFFLINE);
  const change = async () => {
    setSent(undefined);
    const answer = await changeEmail({ email: email.trim(), password }).unwrap();
    setSent(answer.message);
    setEmail('');
    setPassword('');
  };
  return (
    <SettingsCard
      id="email"
      title="E-mail address"
      lead={
        <>
          You sign in with <strong>{settings.email}</strong>. A new address takes effect when you follow the link we send to it.
        </>
      }
    >
      {sent && (
        <p className="notice" role="status">
          {sent}
        </p>
      )}
      {!sent && settings.pending_email && (
        <p className="notice" role="status">
          Waiting for you to follow the link we sent to <strong>{settings.pending_email}</strong>.
        </p>
      )}
      <SettingsForm form={form} change={change} busy={isLoading} label="Change e-mail address" busyLabel="Sending…">
        <div className="settings-fields">
          <Field label="New e-mail address" type="email" value={email} onChange={setEmail} autoComplete="email" {...form.field('email')} />
          <Field label="Your password" type="password" value={password} onChange={setPassword} autoComplete="current-password" {...form.field('password')} />
        </div>
      </SettingsForm>
    </SettingsCard>
  );
}

/** The two password boxes, keyed by the names the server gives a refused field. */
const PASSWORD_FIELDS = [
  { key: 'current_password', label: 'Current password', autoComplete: 'current-password' },
  { key: 'new_password', label: 'New password', autoComplete: 'new-password', hint: 'At least 8 characters; not a common password.' },
] as const;
type PasswordKey = (typeof PASSWORD_FIELDS)[number]['key'];
const NO_PASSWORDS: Record<PasswordKey, string> = { current_password: '', new_password: '' };

export function PasswordForm() {
  const [values, setValues] = useState(NO_PASSWORDS);
  const [changeOwnPassword, { isLoading }] = useChangeOwnPasswordMutation();
  const dispatch = useAppDispatch();
  const form = useChange(OFFLINE);
  const change = async () => {
    const { token, user, message } = await changeOwnPassword(values).unwrap();
    // The other sessions ended; this one continues with the fresh token.
    dispatch(loggedIn({ token, user }));
    setValues(NO_PASSWORDS);
    toast.success(message);
  };
  return (
    <SettingsCard id="password" title="Password" lead="Changing your password signs you out on every other device.">
      <SettingsForm form={form} change={change} busy={isLoading} label="Change password">
        <div className="settings-fields">
          {PASSWORD_FIELDS.map((field) => (
            <Field
              key={field.key}
              label={field.label}
              type="password"
              value={values[field.key]}
              onChange={(value) => setValues((now) => ({ ...now, [field.key]: value }))}
              autoComplete={field.autoComplete}
              {...form.field(field.key)}
              hint={'hint' in field ? field.hint : undefined}
            />
          ))}
        </div>
      </SettingsForm>
    </SettingsCard>
  );
}

const PREFERENCES: { key: keyof NotificationSettings; label: string; hint: string }[] = [
  { key: 'newsletter', label: 'Newsletter', hint: 'Pet-care articles and news from Animal Doctor, about once a month.' },
  { key: 'reminders', label: 'Appointment reminders', hint: 'A reminder the day before a confirmed visit.' },
  { key: 'review_invitations', label: 'Review invitations', hint: 'An invitation to review a practice after a visit.' },
  { key: 'request_updates', label: 'Appointment request updates', hint: 'When a request is confirmed, declined, moved or cancelled.' },
  { key: 'message_emails', label: 'Message e-mails', hint: 'When someone sends you a message on Animal Doctor.' },
];

export function PreferencesForm({ settings }: { settings: AccountSettings }) {
  const [chosen, setChosen] = useState<NotificationSettings>(settings.notifications);
  const [changeNotifications, { isLoading }] = useChangeNotificationsMutation();
  const form = useChange(OFFLINE);
  const user = useAppSelector(signedInUser);
  useEffect(() => setChosen(settings.notifications), [settings.notifications]);
  const change = async () => toast.success((await changeNotifications(chosen).unwrap()).message);
  return (
    <SettingsCard
      id="preferences"
      title="E-mail preferences"
      lead="Choose which e-mails you want. E-mails about your account's security (sign-in links, codes, changes of address or password) are always sent."
    >
      <SettingsForm form={form} change={change} busy={isLoading} label="Save preferences" noValidate={false}>
        <fieldset className="settings-preferences" aria-describedby={form.problem ? form.errorId : undefined}>
          <legend className="visually-hidden">E-mails you want</legend>
          {PREFERENCES.map(({ key, label, hint }) => (
            <label key={key} className="settings-preference">
              <input
                type="checkbox"
                checked={chosen[key]}
                disabled={key === 'newsletter' && !user?.verify && !chosen.newsletter}
                onChange={(event) => setChosen((was) => ({ ...was, [key]: event.target.checked }))}
              />
              <span>
                <strong>{label}</strong>
                <span className="field-hint">{hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
      </SettingsForm>
    </SettingsCard>
  );
}
