import { ArticleView } from '../components/article-view';

export default function AiSinglePostPage() {
  return <ArticleView kind="ai" />;
}
