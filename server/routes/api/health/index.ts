import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import { Type } from '@sinclair/typebox';

const HealthSchema = Type.Object({ status: Type.Literal('ok'), database: Type.String() });

const healthRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness: answers 200 once the database answers (GET /api/ready is the readiness check)',
        response: { 200: HealthSchema },
      },
    },
    async () => {
      await fastify.database.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: fastify.database.engine };
    },
  );
};

export default healthRoutes;
