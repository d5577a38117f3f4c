// /forgotpassword: docs/product.md, Accounts and tokens. The card paints first; the steps load after it
// (docs/decisions/084-account-forms-load-after-their-card.md).
import { lazy } from 'react';
import { Link } from 'react-router';
import { AuthCard, AuthFormSlot } from '../components/auth-card';

const ResetPasswordForm = lazy(() => import('../components/reset-password-form'));

export default function ForgotPasswordPage() {
  return (
    <AuthCard title="Reset your password" footer={<Link to="/signin">Back to sign in</Link>}>
      <AuthFormSlot kind="reset">
        <ResetPasswordForm />
      </AuthFormSlot>
    </AuthCard>
  );
}
