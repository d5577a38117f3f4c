// /signup: docs/product.md, Client state and flows — 200 stores token and user without logging in and goes to /verify;
// 201/202 show the server's text as a warning. The first question is whose account it is (a pet owner's or a vet's,
// docs/product.md section 13); a veterinarian is chosen to begin with, so the vet's sign-up is what it was. When the
// person came from an action (`?next=`, docs/product.md section 26) the action decides: a request, review or favourite
// makes a pet owner's account, a plan or a claim a vet's, the page speaks to that person and asks no question; `next`
// goes on to /verify and into the e-mailed link.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Form, Input } from 'antd';
import type { Session } from '../../../../shared/types/user';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblem } from '../../../../shared/lib/password-policy';
import { withNext } from '../../../../shared/lib/next-path';
import { paths, routePath } from '../../../../shared/routes';
import { useAppDispatch } from '../../../app/store';
import { toast } from '../../../lib/toast';
import { useRegisterMutation, type AccountType, type RegisterInput } from '../api/register';
import { setSession } from '../auth-slice';
import { AuthCard } from '../components/auth-card';
import '../auth.css';
import { useIntent } from '../intent';

const VERIFY_NOTE = 'We will e-mail you a link to verify your address.';

const ACCOUNT_TYPES: { value: AccountType; label: string }[] = [
  { value: 'owner', label: 'I am a pet owner' },
  { value: 'vet', label: 'I am a veterinarian' },
];

/** Two native radio buttons (antd's Radio would add about 4 KB to this page); the form item gives value and onChange. */
function AccountTypeChoice({ value = 'vet', onChange }: { value?: AccountType; onChange?: (value: AccountType) => void }) {
  return (
    <fieldset className="account-type">
      <legend>Who is this account for?</legend>
      {ACCOUNT_TYPES.map((option) => (
        <label key={option.value} className={`account-type-option${value === option.value ? ' is-checked' : ''}`}>
          <input type="radio" name="account_type" value={option.value} checked={value === option.value} onChange={() => onChange?.(option.value)} />
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
  const [form] = Form.useForm<RegisterInput & { confirm: string }>();
  const { intent, doing } = useIntent();
  const fixedType = intent?.role;
  const chosenType: AccountType = Form.useWatch('account_type', form) ?? 'vet';
  const accountType = fixedType ?? chosenType;

  const submit = async (values: RegisterInput & { confirm: string }) => {
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
          Already have an account? <Link to={withNext(routePath('signin'), intent?.next)}>Sign in</Link>
        </>
      }
    >
      <Form form={form} layout="vertical" onFinish={submit} noValidate requiredMark={false} disabled={pending} initialValues={{ account_type: 'vet' }}>
        {!fixedType && (
          <Form.Item name="account_type">
            <AccountTypeChoice />
          </Form.Item>
        )}
        <div className="grid grid-2" style={{ gap: 12 }}>
          <Form.Item label="First name" name="first_name" rules={[{ required: true }, { max: 80 }]}>
            <Input name="first_name" autoComplete="given-name" size="large" />
          </Form.Item>
          <Form.Item label="Last name" name="last_name" rules={[{ required: true }, { max: 80 }]}>
            <Input name="last_name" autoComplete="family-name" size="large" />
          </Form.Item>
        </div>
        <Form.Item label="Email" name="email" rules={[{ required: true }, { type: 'email' }]}>
          <Input type="email" name="email" autoComplete="email" size="large" />
        </Form.Item>
        <Form.Item
          label="Password"
          name="password"
          extra={`${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, not a common password.`}
          dependencies={['email']}
          rules={[
            { required: true },
            // The server's rule (shared/lib/password-policy.ts); the common-password list loads on first use.
            ({ getFieldValue }) => ({
              validator: async (_, value: string | undefined) => {
                const problem = value ? await passwordProblem(value, String(getFieldValue('email') ?? '')) : undefined;
                if (problem) throw new Error(problem);
              },
            }),
          ]}
        >
          <Input.Password name="password" autoComplete="new-password" size="large" />
        </Form.Item>
        <Form.Item
          label="Confirm password"
          name="confirm"
          dependencies={['password']}
          rules={[
            { required: true },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || getFieldValue('password') === value ? Promise.resolve() : Promise.reject(new Error('The two passwords do not match.')),
            }),
          ]}
        >
          <Input.Password name="confirm" autoComplete="new-password" size="large" />
        </Form.Item>
        <p className="muted" style={{ fontSize: 14 }}>
          By creating an account you accept our <Link to={paths.terms}>Terms</Link> and <Link to={paths.privacy}>Privacy Policy</Link>.
        </p>
        <Button type="primary" htmlType="submit" size="large" block loading={pending}>
          Sign up
        </Button>
      </Form>
    </AuthCard>
  );
}
