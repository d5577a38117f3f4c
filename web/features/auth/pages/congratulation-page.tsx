import { PageHero } from '../../../components/ui/page-hero';

export default function CongratulationPage() {
  return <PageHero eyebrow="All set" title="Congratulations, your e-mail is verified" lead="Your account is ready. Choose a plan and build your profile." />;
}
