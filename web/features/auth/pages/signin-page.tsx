// /signin: docs/product.md, Client state and flows — 200 logs in, 201 means not verified (token stored, warning, /verify).
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, Form, Input } from 'antd';
import { MESSAGES } from '../../../../shared/constants/messages';
import { useAppDispatch } from '../../../app/store';
import { toast } from '../../../lib/toast';
import { useSignInMutation } from '../api/sign-in';
import { loggedIn, setSession } from '../auth-slice';
import { AuthCard } from '../components/auth-card';

interface SignInForm {
  email: string;
  password: string;
}

/** Where to go after signing in: a path of this site from `?next=` (never another site), else /home. */
function returnPath(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '/home';
}

export default function SignInPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [pending, setPending] = useState(false);
  const [signIn] = useSignInMutation();

  const submit = async ({ email, password }: SignInForm) => {
    setPending(true);
    try {
      const { status, data } = await signIn({ email, password }).unwrap();
      if (status === 200) {
        dispatch(loggedIn(data));
        toast.success(MESSAGES.loginSuccess);
        navigate(returnPath(params.get('next')));
      } else {
        dispatch(setSession(data));
        toast.warning(MESSAGES.notVerified);
        navigate('/verify');
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
      intro="Welcome back. Sign in to manage your practice on Animal Doctor."
      footer={
        <>
          New to Animal Doctor? <Link to="/signup">Create an account</Link>
        </>
      }
    >
      {/* E-mail fields are type="email" with a name, for phones' keyboards and password managers; noValidate leaves
          the messages to the form (docs/product.md: '${label} is not a valid email!'), not the browser's bubble. */}
      <Form<SignInForm> layout="vertical" onFinish={submit} noValidate requiredMark={false} disabled={pending}>
        <Form.Item label="Email" name="email" rules={[{ required: true }, { type: 'email' }]}>
          <Input type="email" name="email" autoComplete="email" size="large" />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[{ required: true }]}>
          <Input.Password name="password" autoComplete="current-password" size="large" />
        </Form.Item>
        <p>
          <Link to="/forgotpassword">Forgot your password?</Link>
        </p>
        <Button type="primary" htmlType="submit" size="large" block loading={pending}>
          Sign in
        </Button>
      </Form>
    </AuthCard>
  );
}
