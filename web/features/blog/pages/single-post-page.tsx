import { PageHero } from '../../../components/ui/page-hero';

export default function SinglePostPage() {
  return <PageHero eyebrow="Authors Digest" title="Article" lead="Pet-health advice from our authors." />;
}
