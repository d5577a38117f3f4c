import { PageHero } from '../../../components/ui/page-hero';
import { ArticleList } from '../components/article-list';

export default function AiBlogPage() {
  return (
    <>
      <PageHero eyebrow="Articles" title="Articles" lead="AI-assisted articles on pet care. Each one is reviewed by our editors before it is published." />
      <section className="section">
        <div className="container">
          <ArticleList kind="ai" />
        </div>
      </section>
    </>
  );
}
