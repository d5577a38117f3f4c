// The business dashboard (docs/product.md section 24): POST /api/admin/dashboard { days }, administrators only.
// Thin: schema, authorization, fastify.dashboard, the answer. Admin reads are POST, as the other admin calls.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { DashboardAnswer, DashboardBody } from '../../../../../shared/schemas/dashboard';
import { errorResponses } from '../../../../../shared/schemas/common';

export default async function adminDashboardRoutes(app: FastifyInstance): Promise<void> {
  const fastify = app.withTypeProvider<TypeBoxTypeProvider>();
  // Authorization before validation: anyone else learns nothing about the body this call takes.
  fastify.addHook('preValidation', fastify.requireAdmin);

  fastify.post('/dashboard', {
    schema: {
      tags: ['admin'],
      summary:
        'The business dashboard: new accounts, listed practices by plan, monthly recurring revenue, searches and profile views a day, and the queues waiting for an administrator, over 30, 90 or 365 days',
      body: DashboardBody,
      response: { 200: DashboardAnswer, ...errorResponses(400, 401, 403) },
    },
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return fastify.dashboard.figures(request.body.days);
    },
  });
}
