import { PageHero } from '../../../components/ui/page-hero';

export default function VerifyTokenPage() {
  return <PageHero eyebrow="E-mail verification" title="Verifying your e-mail" lead="Please wait while we confirm your address." />;
}
