import { PageHero } from '../../../components/ui/page-hero';
import { store } from '../../../app/store';
import { embeddedFirstScreen } from '../../../lib/first-screen';
import { seedArticleList } from '../api/search-articles';
import { ArticleList } from '../components/article-list';

// The list's first page embedded in the page is the first cached answer (docs/decisions/069-article-lists-embedded.md).
seedArticleList(store.dispatch, embeddedFirstScreen());

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
