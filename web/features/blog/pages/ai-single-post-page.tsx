import { PageHero } from '../../../components/ui/page-hero';

export default function AiSinglePostPage() {
  return <PageHero eyebrow="Articles" title="Article" lead="An AI-assisted article reviewed by our editors." />;
}
