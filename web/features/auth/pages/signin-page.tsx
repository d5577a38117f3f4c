// /signin: docs/product.md, Client state and flows. The card paints first; the form loads after it
// (docs/decisions/084-account-forms-load-after-their-card.md).
import { lazy } from 'react';
import { Link } from 'react-router';
import { AuthCard, AuthFormSlot } from '../components/auth-card';

const SignInForm = lazy(() => import('../components/signin-form'));

export default function SignInPage() {
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
      <AuthFormSlot kind="signin">
        <SignInForm />
      </AuthFormSlot>
    </AuthCard>
  );
}
