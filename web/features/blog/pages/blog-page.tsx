import { PageFrame } from '../../../components/ui/page-hero';
import { store } from '../../../app/store';
import { embeddedFirstScreen } from '../../../lib/first-screen';
import { seedArticleList } from '../api/search-articles';
import { ArticleList } from '../components/article-list';

// The list's first page embedded in the page is the first cached answer (docs/decisions/069-article-lists-embedded.md).
seedArticleList(store.dispatch, embeddedFirstScreen());

export default function BlogPage() {
  return (
    <PageFrame
      eyebrow="Authors Digest"
      title="Blog Articles"
      documentTitle="Authors Digest"
      lead="Practical advice on pet health, nutrition and care from veterinarians and pet-care writers."
    >
      <ArticleList kind="blog" />
    </PageFrame>
  );
}
