import { PageHero } from '../../../components/ui/page-hero';

export default function ViewProfilePage() {
  return <PageHero eyebrow="Your practice" title="Your Profile" lead="This is how pet owners see your practice." />;
}
