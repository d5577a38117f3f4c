import { ArticleView } from '../components/article-view';

export default function SinglePostPage() {
  return <ArticleView kind="blog" />;
}
