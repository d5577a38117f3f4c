import { PageHero } from '../../../components/ui/page-hero';

export default function SignInPage() {
  return <PageHero eyebrow="Welcome back" title="Sign in" lead="Sign in to manage your practice's profile and plan." />;
}
