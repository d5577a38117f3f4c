// /signup: docs/product.md, Client state and flows — 200 stores token and user without logging in and goes to /verify;
// 201/202 show the server's text as a warning. The first question is whose account it is (a pet owner's or a vet's,
// docs/product.md section 13); a veterinarian is chosen to begin with, so the vet's sign-up is what it was.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Form, Input } from 'antd';
import type { Session } from '../../../../shared/types/user';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblem } from '../../../../shared/lib/password-policy';
import { useAppDispatch } from '../../../app/store';
import { toast } from '../../../lib/toast';
import { useRegisterMutation, type AccountType, type RegisterInput } from '../api/register';
import { setSession } from '../auth-slice';
import { AuthCard } from '../components/auth-card';

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
  const accountType: AccountType = Form.useWatch('account_type', form) ?? 'vet';

  const submit = async (values: RegisterInput & { confirm: string }) => {
    setPending(true);
    try {
      const { status, data } = await register({
        first_name: values.first_name,
        last_name: values.last_name,
        email: values.email,
        password: values.password,
        account_type: values.account_type ?? 'vet',
      }).unwrap();
      if (status === 200) {
        dispatch(setSession(data as Session));
        navigate('/verify');
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
      title="Create your account"
      intro={
        accountType === 'owner'
          ? 'Review the vets you visit and keep track of your reviews. We will e-mail you a link to verify your address.'
          : 'List your practice on Animal Doctor. We will e-mail you a link to verify your address.'
      }
      footer={
        <>
          Already have an account? <Link to="/signin">Sign in</Link>
        </>
      }
    >
      <Form form={form} layout="vertical" onFinish={submit} noValidate requiredMark={false} disabled={pending} initialValues={{ account_type: 'vet' }}>
        <Form.Item name="account_type">
          <AccountTypeChoice />
        </Form.Item>
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
          By creating an account you accept our <Link to="/terms">Terms</Link> and <Link to="/privacypolicy">Privacy Policy</Link>.
        </p>
        <Button type="primary" htmlType="submit" size="large" block loading={pending}>
          Sign up
        </Button>
      </Form>
    </AuthCard>
  );
}
