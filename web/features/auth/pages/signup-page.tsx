import { PageHero } from '../../../components/ui/page-hero';

export default function SignUpPage() {
  return <PageHero eyebrow="For veterinarians" title="Create your account" lead="List your practice on Animal Doctor in a few minutes." />;
}
