// Articles: the public blog and AI articles, and the administrators' editor.
// Each file registers with its URL prefix here; server/app.ts registers this plugin (docs/architecture.md, Areas).
import type { FastifyInstance } from 'fastify';
import adminArticles from './admin-articles';
import { publicArticleRoutes } from './articles';

export default async function articleRoutes(fastify: FastifyInstance): Promise<void> {
  await fastify.register(publicArticleRoutes('blog'), { prefix: '/api/articles' });
  await fastify.register(publicArticleRoutes('ai'), { prefix: '/api/ai_articles' });
  await fastify.register(adminArticles, { prefix: '/api/admin/articles' });
}
