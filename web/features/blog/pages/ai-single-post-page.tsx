import { store } from '../../../app/store';
import { seedArticleFromPage } from '../api/get-article';
import { ArticleView } from '../components/article-view';

// The article embedded in the page is the first cached answer: no second request, no layout shift (docs/product.md, Pages and look).
seedArticleFromPage('ai', store.dispatch);

export default function AiSinglePostPage() {
  return <ArticleView kind="ai" />;
}
