// GET /api/ready (docs/product.md 23.2): for load balancers. 200 once the database answers, every migration
// is applied and the search index is loaded; 503 before (or when the database stops answering) and while the
// server shuts down. GET /api/health stays the liveness check.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';

const Checks = Type.Object({ database: Type.Boolean(), migrations: Type.Boolean(), search_index: Type.Boolean() });
const ReadySchema = Type.Object({ status: Type.Literal('ready'), checks: Checks });
const NotReadySchema = Type.Object({ status: Type.Literal('not ready'), checks: Checks });

const readyRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness for load balancers: 200 once the database, the migrations and the search index are ready, else 503',
        response: { 200: ReadySchema, 503: NotReadySchema },
      },
    },
    async (_request, reply) => {
      const { ready, checks } = await fastify.readiness();
      reply.header('cache-control', 'no-store');
      if (!ready) return reply.code(503).send({ status: 'not ready' as const, checks });
      return { status: 'ready' as const, checks };
    },
  );
};

export default readyRoutes;
