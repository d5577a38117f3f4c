import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { Type } from '@sinclair/typebox';

const HealthSchema = Type.Object({ status: Type.Literal('ok'), database: Type.String() });

export default async function healthRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.get(
    '/',
    { schema: { tags: ['system'], summary: 'Readiness: answers 200 once the database answers', response: { 200: HealthSchema } } },
    async () => {
      await fastify.database.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: fastify.database.engine };
    },
  );
}
