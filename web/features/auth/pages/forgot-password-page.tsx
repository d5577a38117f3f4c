// /forgotpassword: e-mail -> 6-digit code -> new password (docs/product.md, Accounts and tokens: the code opens
// a 15-minute window in which the password may change).
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Form, Input, Steps } from 'antd';
import { MESSAGES } from '../../../../shared/constants/messages';
import { toast } from '../../../lib/toast';
import { useChangePasswordMutation } from '../api/change-password';
import { useCheckVerifyCodeMutation } from '../api/check-verify-code';
import { useSendVerifyCodeMutation } from '../api/send-verify-code';
import { AuthCard } from '../components/auth-card';
import '../auth.css';
import { paths } from '../../../../shared/routes';

type Step = 0 | 1 | 2;

export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>(0);
  const [email, setEmail] = useState('');
  const [pending, setPending] = useState(false);
  const [sendVerifyCode] = useSendVerifyCodeMutation();
  const [checkVerifyCode] = useCheckVerifyCodeMutation();
  const [changePasswordCall] = useChangePasswordMutation();

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
      <Steps size="small" current={step} style={{ marginBottom: 24 }} items={[{ title: 'E-mail' }, { title: 'Code' }, { title: 'New password' }]} />
      {step === 0 && (
        <Form layout="vertical" onFinish={sendCode} noValidate requiredMark={false} disabled={pending}>
          <p className="muted">Enter the e-mail address of your account. We will send you a 6-digit code.</p>
          <Form.Item label="Email" name="email" rules={[{ required: true }, { type: 'email' }]}>
            <Input type="email" name="email" autoComplete="email" size="large" />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={pending}>
            Send code
          </Button>
        </Form>
      )}
      {step === 1 && (
        <Form layout="vertical" onFinish={checkCode} requiredMark={false} disabled={pending}>
          <p className="muted">
            If an account exists for <strong>{email}</strong>, a code is on its way. It expires in 10 minutes.
          </p>
          <Form.Item label="Verification code" name="code" rules={[{ required: true }, { pattern: /^\d{6}$/, message: 'Enter the 6 digits from the e-mail.' }]}>
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} size="large" />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={pending}>
            Check code
          </Button>
          <Button type="link" block onClick={() => sendCode({ email })} disabled={pending}>
            Send a new code
          </Button>
        </Form>
      )}
      {step === 2 && (
        <Form layout="vertical" onFinish={changePassword} requiredMark={false} disabled={pending}>
          <Form.Item
            label="New password"
            name="password"
            extra="At least 8 characters."
            rules={[{ required: true }, { min: 8, message: 'Use at least 8 characters.' }, { max: 128 }]}
          >
            <Input.Password autoComplete="new-password" size="large" />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={pending}>
            Change password
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}
