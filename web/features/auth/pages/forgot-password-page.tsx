import { PageHero } from '../../../components/ui/page-hero';

export default function ForgotPasswordPage() {
  return <PageHero eyebrow="Account help" title="Reset your password" lead="We will e-mail you a code to set a new password." />;
}
