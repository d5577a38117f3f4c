// /signin: docs/product.md, Client state and flows — 200 logs in, 201 means not verified (token stored, warning, /verify).
// It says what the person was doing (docs/product.md section 26): `?next=` names it, and sign-up, /verify and the
// e-mailed link carry it on. Without one it is neutral; an administrator then lands on /admin.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { MESSAGES } from '../../../../shared/constants/messages';
import { landingPath, withNext } from '../../../../shared/lib/next-path';
import { paths, routePath } from '../../../../shared/routes';
import { useAppDispatch } from '../../../app/store';
import { toast } from '../../../lib/toast';
import { useSignInMutation } from '../api/sign-in';
import { required, useAuthForm, validEmail } from '../auth-form';
import { loggedIn, setSession } from '../auth-slice';
import { AuthCard } from '../components/auth-card';
import { AuthField, PasswordField } from '../components/auth-field';
import { SubmitButton } from '../components/submit-button';
import '../auth.css';
import { useIntent, type Intent } from '../intent';

const EMPTY = { email: '', password: '' };
const CHECKS = { email: [required, validEmail('Email')], password: [required] };

/** The sentence under the heading: what signing in is for (docs/product.md 26.2). */
function signInIntro(intent: Intent | undefined, doing: string | undefined): string {
  if (!intent || !doing) return 'Sign in to Animal Doctor.';
  if (intent.role === 'vet') return `Sign in or create a vet account to ${doing}.`;
  if (intent.role === 'owner') return `Sign in or create an account to ${doing}.`;
  return `Please sign in to ${doing}.`;
}

export default function SignInPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { intent, doing } = useIntent();
  const [pending, setPending] = useState(false);
  const [signIn] = useSignInMutation();
  const form = useAuthForm(EMPTY, CHECKS);

  const send = async ({ email, password }: typeof EMPTY) => {
    setPending(true);
    try {
      const { status, data } = await signIn({ email, password }).unwrap();
      if (status === 200) {
        dispatch(loggedIn(data));
        toast.success(MESSAGES.loginSuccess);
        // Where the person was going; else an administrator's own page, everyone else's home (docs/product.md 26.4).
        navigate(landingPath(intent?.next, data.user.manage_role === 'admin'));
      } else {
        dispatch(setSession(data));
        toast.warning(MESSAGES.notVerified);
        navigate(withNext(routePath('verify'), intent?.next));
      }
    } catch {
      // The API client already showed the server's message; the form keeps what was typed.
    } finally {
      setPending(false);
    }
  };

  return (
    <AuthCard
      title="Sign in"
      intro={signInIntro(intent, doing)}
      footer={
        <>
          New to Animal Doctor?{' '}
          <Link to={withNext(routePath('signup'), intent?.next)}>{intent?.role === 'vet' ? 'Create a vet account' : 'Create an account'}</Link>
        </>
      }
    >
      {/* E-mail fields are type="email" with a name, for phones' keyboards and password managers; noValidate leaves
          the messages to the form (docs/product.md 17.3: '${label} is not a valid email!'), not the browser's bubble. */}
      <form className="auth-form" onSubmit={form.submit(send)} noValidate>
        <AuthField label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <PasswordField label="Password" autoComplete="current-password" {...form.field('password')} />
        <p className="auth-aside">
          <Link to={paths.forgotPassword}>Forgot your password?</Link>
        </p>
        <SubmitButton label="Sign in" busyLabel="Signing in…" pending={pending} />
      </form>
    </AuthCard>
  );
}
