// The administrators' Claims queue (docs/product.md section 20): claims by document waiting for a decision
// (and the other states), the document itself, the decision, and restoring a practice as it was before a claim.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errorResponses, Id } from '../../../../../shared/schemas/common';
import { AdminClaimsAnswer, AdminClaimsBody, ClaimDecideAnswer, ClaimDecideBody, ClaimIdBody } from '../../../../../shared/schemas/import-claim';
import { actorOf } from '../../admin/index';

const tags = ['admin'];
const errors = errorResponses(400, 401, 403, 404, 409);

export default async function claimAdminRoutes(app: FastifyInstance): Promise<void> {
  const fastify = app.withTypeProvider<TypeBoxTypeProvider>();

  fastify.post('/claims', {
    preHandler: fastify.requireAdmin,
    schema: {
      tags,
      summary: 'Claims in one state, paged: those waiting for a decision (oldest first) by default; with how many wait and since when',
      body: Type.Optional(AdminClaimsBody),
      response: { 200: AdminClaimsAnswer, ...errors },
    },
    handler: async (request) => fastify.claims.list(request.body ?? {}),
  });

  fastify.post('/claim-decide', {
    preHandler: fastify.requireAdmin,
    schema: {
      tags,
      summary: 'Approve (transfers the practice at once) or reject a claim by document; audited, and the claimant is e-mailed',
      body: ClaimDecideBody,
      response: { 200: ClaimDecideAnswer, ...errors },
    },
    handler: async (request) => fastify.claims.decide(actorOf(request), request.body),
  });

  fastify.post('/claim-restore', {
    preHandler: fastify.requireAdmin,
    schema: {
      tags,
      summary: 'Put a practice back as it was before an approved claim: unclaimed again, and the claimant gets their own account back',
      body: ClaimIdBody,
      response: { 200: ClaimDecideAnswer, ...errors },
    },
    handler: async (request) => fastify.claims.restore(actorOf(request), request.body.claim_id),
  });

  fastify.get('/claim-document', {
    preHandler: fastify.requireAdmin,
    schema: {
      tags,
      summary: "A claim's document (PDF, JPEG or PNG), as an attachment",
      querystring: Type.Object({ claim_id: Type.Union([Id, Type.String({ pattern: '^\\d{1,10}$' })]) }, { additionalProperties: false }),
      response: { 200: Type.Unknown({ description: 'The file' }), ...errors },
    },
    handler: async (request, reply) => {
      const document = await fastify.claims.document(Number(request.query.claim_id));
      return reply
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Content-Disposition', `attachment; filename="${document.name}"`)
        .type(document.contentType)
        .send(document.bytes);
    },
  });
}
