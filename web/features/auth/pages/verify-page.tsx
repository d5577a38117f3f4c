import { PageHero } from '../../../components/ui/page-hero';

export default function VerifyPage() {
  return <PageHero eyebrow="One more step" title="Verify your email to continue" lead="We sent you a link to confirm your e-mail address." />;
}
