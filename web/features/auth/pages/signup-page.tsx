// /signup: docs/product.md, Client state and flows — 200 stores token and user without logging in and goes to /verify;
// 201/202 show the server's text as a warning. The first question is whose account it is (a pet owner's or a vet's,
// docs/product.md section 13); a veterinarian is chosen to begin with, so the vet's sign-up is what it was. When the
// person came from an action (`?next=`, docs/product.md section 26) the action decides: a request, review or favourite
// makes a pet owner's account, a plan or a claim a vet's, the page speaks to that person and asks no question; `next`
// goes on to /verify and into the e-mailed link.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Session } from '../../../../shared/types/user';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblem } from '../../../../shared/lib/password-policy';
import { signInPath, withNext } from '../../../../shared/lib/next-path';
import { paths, routePath } from '../../../../shared/routes';
import { useAppDispatch } from '../../../app/store';
import { toast } from '../../../lib/toast';
import { useRegisterMutation, type AccountType } from '../api/register';
import { required, useAuthForm, validEmail, type Check } from '../auth-form';
import { setSession } from '../auth-slice';
import { AuthCard } from '../components/auth-card';
import { AuthField, PasswordField } from '../components/auth-field';
import { SubmitButton } from '../components/submit-button';
import '../auth.css';
import { useIntent } from '../intent';

const VERIFY_NOTE = 'We will e-mail you a link to verify your address.';

const ACCOUNT_TYPES: { value: AccountType; label: string }[] = [
  { value: 'owner', label: 'I am a pet owner' },
  { value: 'vet', label: 'I am a veterinarian' },
];

const EMPTY = { first_name: '', last_name: '', email: '', password: '', confirm: '' };
type Field = keyof typeof EMPTY;
/** Names are at most 80 characters (the boxes' maxLength); the password is the server's rule. */
const NAME_MAX = 80;

/** The server's rule (shared/lib/password-policy.ts); the common-password list loads on first use. */
const passwordCheck: Check<Field> = async (value, values) => (value ? await passwordProblem(value, values.email) : undefined);
const confirmCheck: Check<Field> = (value, values) => (!value || values.password === value ? undefined : 'The two passwords do not match.');
const CHECKS = {
  first_name: [required],
  last_name: [required],
  email: [required, validEmail('Email')],
  password: [required, passwordCheck],
  confirm: [required, confirmCheck],
};

/** Two native radio buttons. */
function AccountTypeChoice({ value, onChange }: { value: AccountType; onChange: (value: AccountType) => void }) {
  return (
    <fieldset className="account-type">
      <legend>Who is this account for?</legend>
      {ACCOUNT_TYPES.map((option) => (
        <label key={option.value} className={`account-type-option${value === option.value ? ' is-checked' : ''}`}>
          <input type="radio" name="account_type" value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

export default function SignUpPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [register] = useRegisterMutation();
  const form = useAuthForm(EMPTY, CHECKS);
  const { intent, doing } = useIntent();
  const fixedType = intent?.role;
  const [chosenType, setChosenType] = useState<AccountType>('vet');
  const accountType = fixedType ?? chosenType;

  const send = async (values: typeof EMPTY) => {
    setPending(true);
    try {
      const { status, data } = await register({
        first_name: values.first_name,
        last_name: values.last_name,
        email: values.email,
        password: values.password,
        account_type: accountType,
        ...(intent ? { next: intent.next } : {}),
      }).unwrap();
      if (status === 200) {
        dispatch(setSession(data as Session));
        navigate(withNext(routePath('verify'), intent?.next));
      } else {
        toast.warning(String(data));
      }
    } catch {
      // Shown by the API client; the form keeps the input.
    } finally {
      setPending(false);
    }
  };

  return (
    <AuthCard
      title={fixedType === 'owner' ? 'Create your pet owner account' : fixedType === 'vet' ? 'Create your vet account' : 'Create your account'}
      intro={
        fixedType && doing
          ? `${fixedType === 'owner' ? 'Create a free account' : 'Create a vet account'} to ${doing}. We will e-mail you a link to verify your address; it brings you back here.`
          : accountType === 'owner'
            ? `Review the vets you visit and keep track of your reviews. ${VERIFY_NOTE}`
            : `List your practice on Animal Doctor. ${VERIFY_NOTE}`
      }
      footer={
        <>
          Already have an account? <Link to={signInPath(intent?.next)}>Sign in</Link>
        </>
      }
    >
      <form className="auth-form" onSubmit={form.submit(send)} noValidate>
        {!fixedType && <AccountTypeChoice value={chosenType} onChange={setChosenType} />}
        <div className="auth-form-row">
          <AuthField label="First name" autoComplete="given-name" maxLength={NAME_MAX} {...form.field('first_name')} />
          <AuthField label="Last name" autoComplete="family-name" maxLength={NAME_MAX} {...form.field('last_name')} />
        </div>
        <AuthField label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <PasswordField
          label="Password"
          autoComplete="new-password"

          note={`${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, not a common password.`}
          {...form.field('password')}
        />
        <PasswordField label="Confirm password" autoComplete="new-password" {...form.field('confirm')} />
        <p className="muted auth-terms">
          By creating an account you accept our <Link to={paths.terms}>Terms</Link> and <Link to={paths.privacy}>Privacy Policy</Link>.
        </p>
        <SubmitButton label="Sign up" busyLabel="Signing up…" pending={pending} />
      </form>
    </AuthCard>
  );
}
