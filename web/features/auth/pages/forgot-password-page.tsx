// /forgotpassword: e-mail -> 6-digit code -> new password (docs/product.md, Accounts and tokens: the code opens
// a 15-minute window in which the password may change).
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { MESSAGES } from '../../../../shared/constants/messages';
import { toast } from '../../../lib/toast';
import { useChangePasswordMutation } from '../api/change-password';
import { useCheckVerifyCodeMutation } from '../api/check-verify-code';
import { useSendVerifyCodeMutation } from '../api/send-verify-code';
import { required, useAuthForm, validEmail } from '../auth-form';
import { AuthCard } from '../components/auth-card';
import { AuthField, PasswordField } from '../components/auth-field';
import { SubmitButton } from '../components/submit-button';
import '../auth.css';
import { paths } from '../../../../shared/routes';
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from '../../../../shared/lib/password-policy';

type Step = 0 | 1 | 2;
const STEPS = ['E-mail', 'Code', 'New password'] as const;

const sixDigits = (value: string) => (value === '' || /^\d{6}$/.test(value) ? undefined : 'Enter the 6 digits from the e-mail.');
const newPasswordLength = (value: string) =>
  value === ''
    ? undefined
    : value.length < PASSWORD_MIN_LENGTH
      ? 'Use at least 8 characters.'
      : value.length > PASSWORD_MAX_LENGTH
        ? PASSWORD_MESSAGES.tooLong
        : undefined;

/** Where the person is in the three steps: a numbered list, the current one marked for screen readers too. */
function StepList({ step }: { step: Step }) {
  return (
    <ol className="auth-steps">
      {STEPS.map((title, index) => (
        <li key={title} className={index < step ? 'is-done' : index === step ? 'is-current' : undefined} aria-current={index === step ? 'step' : undefined}>
          <span className="auth-step-number" aria-hidden="true">
            {index < step ? '✓' : index + 1}
          </span>
          {title}
        </li>
      ))}
    </ol>
  );
}

export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>(0);
  const [email, setEmail] = useState('');
  const [pending, setPending] = useState(false);
  const [sendVerifyCode] = useSendVerifyCodeMutation();
  const [checkVerifyCode] = useCheckVerifyCodeMutation();
  const [changePasswordCall] = useChangePasswordMutation();
  // One form a step, each checking only its own field.
  const emailForm = useAuthForm({ email: '' }, { email: [required, validEmail('Email')] });
  const codeForm = useAuthForm({ code: '' }, { code: [required, sixDigits] });
  const passwordForm = useAuthForm({ password: '' }, { password: [required, newPasswordLength] });

  const run = async (action: () => Promise<void>) => {
    setPending(true);
    try {
      await action();
    } catch {
      // The API client showed the server's text; the form keeps the input.
    } finally {
      setPending(false);
    }
  };

  const sendCode = ({ email: given }: { email: string }) =>
    run(async () => {
      await sendVerifyCode(given).unwrap();
      setEmail(given);
      toast.success(MESSAGES.codeSent);
      setStep(1);
    });
  const checkCode = ({ code }: { code: string }) =>
    run(async () => {
      await checkVerifyCode({ email, verifyCode: parseInt(code, 10) }).unwrap();
      setStep(2);
    });
  const changePassword = ({ password }: { password: string }) =>
    run(async () => {
      const data = await changePasswordCall({ email, password }).unwrap();
      toast.success(data.message);
      navigate(paths.signin);
    });

  return (
    <AuthCard title="Reset your password" footer={<Link to={paths.signin}>Back to sign in</Link>}>
      <StepList step={step} />
      {step === 0 && (
        <form className="auth-form" onSubmit={emailForm.submit(({ email: given }) => sendCode({ email: given }))} noValidate>
          <p className="muted">Enter the e-mail address of your account. We will send you a 6-digit code.</p>
          <AuthField label="Email" type="email" autoComplete="email" {...emailForm.field('email')} />
          <SubmitButton label="Send code" busyLabel="Sending code…" pending={pending} />
        </form>
      )}
      {step === 1 && (
        <form className="auth-form" onSubmit={codeForm.submit(({ code }) => checkCode({ code }))} noValidate>
          <p className="muted">
            If an account exists for <strong>{email}</strong>, a code is on its way. It expires in 10 minutes.
          </p>
          <AuthField label="Verification code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...codeForm.field('code')} />
          <SubmitButton label="Check code" busyLabel="Checking code…" pending={pending} />
          <button type="button" className="button auth-link-button" onClick={() => void sendCode({ email })} disabled={pending}>
            Send a new code
          </button>
        </form>
      )}
      {step === 2 && (
        <form className="auth-form" onSubmit={passwordForm.submit(({ password }) => changePassword({ password }))} noValidate>
          <PasswordField label="New password" autoComplete="new-password" note="At least 8 characters." {...passwordForm.field('password')} />
          <SubmitButton label="Change password" busyLabel="Changing password…" pending={pending} />
        </form>
      )}
    </AuthCard>
  );
}
