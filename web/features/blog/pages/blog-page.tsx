import { PageHero } from '../../../components/ui/page-hero';
import { ArticleList } from '../components/article-list';

export default function BlogPage() {
  return (
    <>
      <PageHero
        eyebrow="Authors Digest"
        title="Blog Articles"
        documentTitle="Authors Digest"
        lead="Practical advice on pet health, nutrition and care from veterinarians and pet-care writers."
      />
      <section className="section">
        <div className="container">
          <ArticleList kind="blog" />
        </div>
      </section>
    </>
  );
}
