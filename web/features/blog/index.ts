// What the blog feature offers other features (eslint.config.js allows only this file to be
// imported from outside web/features/blog): the article as readers see it, for the editor's preview.
export { ArticleContent } from './components/article-content';
