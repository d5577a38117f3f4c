import { PageHero } from '../../../components/ui/page-hero';

export default function SetupProfilePage() {
  return <PageHero eyebrow="Your practice" title="Set up your profile" lead="Tell pet owners where you are, when you are open and what you treat." />;
}
