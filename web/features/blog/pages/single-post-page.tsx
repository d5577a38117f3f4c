import { store } from '../../../app/store';
import { embeddedFirstScreen } from '../../../lib/first-screen';
import { seedArticle } from '../api/get-article';
import { ArticleView } from '../components/article-view';

// The article embedded in the page is the first cached answer: no second request, no layout shift (docs/product.md, Pages and look).
seedArticle(store.dispatch, embeddedFirstScreen());

export default function SinglePostPage() {
  return <ArticleView kind="blog" />;
}
