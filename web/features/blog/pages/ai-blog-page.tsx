import { PageHero } from '../../../components/ui/page-hero';

export default function AiBlogPage() {
  return <PageHero eyebrow="Articles" title="Articles" lead="AI-assisted articles on pet care, each reviewed by our editors before publication." />;
}
