import { useState } from 'react';
import { PageHero } from '../../../components/ui/page-hero';

export default function BlogPage() {
  const [keyword, setKeyword] = useState('');
  return (
    <PageHero eyebrow="Authors Digest" title="Blog Articles" documentTitle="Authors Digest" lead="Practical advice on pet health, nutrition and care from veterinarians and pet-care writers.">
      <div className="keyword-search">
        <input aria-label="Key word" placeholder="Enter the key word" value={keyword} onChange={(e) => setKeyword(e.target.value)} />
        <button type="button" className="button button-primary">
          Search
        </button>
      </div>
    </PageHero>
  );
}
