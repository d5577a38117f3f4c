// /signup: docs/product.md, Client state and flows. The card paints first; the form loads after it
// (docs/decisions/084-account-forms-load-after-their-card.md).
import { lazy } from 'react';
import { Link } from 'react-router';
import { AuthCard, AuthFormSlot } from '../components/auth-card';

const SignUpForm = lazy(() => import('../components/signup-form'));

export default function SignUpPage() {
  return (
    <AuthCard
      title="Create your account"
      intro="List your practice on Animal Doctor. We will e-mail you a link to verify your address."
      footer={
        <>
          Already have an account? <Link to="/signin">Sign in</Link>
        </>
      }
    >
      <AuthFormSlot kind="signup">
        <SignUpForm />
      </AuthFormSlot>
    </AuthCard>
  );
}
