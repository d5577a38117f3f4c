// A pet owner's saved pets (docs/product.md section 31): list, save (add or edit) and remove, for the
// signed-in account only (the owner comes from the session, never from the body). The work is the pets
// area's (plugins/app/pets); refusals are `{ message, code, field? }` with a plain sentence.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { PetListAnswer, RemovePetAnswer, RemovePetBody, SavePetAnswer, SavePetBody } from '../../../../../shared/schemas/pet';
import { errorResponses } from '../../../../../shared/schemas/common';
import { noStore } from '../../../../lib/http-cache';

const tags = ['pets'];
const security = [{ bearer: [] }];
const errors = errorResponses(400, 401, 404, 409);

export default async function petRoutes(app: FastifyInstance): Promise<void> {
  const fastify = app.withTypeProvider<TypeBoxTypeProvider>();
  fastify.addHook('onRequest', noStore);

  fastify.post('/pets', {
    preHandler: fastify.requireUser,
    schema: { tags, security, summary: "The account's saved pets, in the order they were added", response: { 200: PetListAnswer, ...errorResponses(401) } },
    handler: async (request) => ({ data: await fastify.pets.list(request.user) }),
  });

  fastify.post('/pets/save', {
    preHandler: fastify.requireUser,
    schema: {
      tags,
      security,
      summary: "Add a pet (no id; up to 20 per account) or change one of the account's pets (its id)",
      body: SavePetBody,
      response: { 200: SavePetAnswer, ...errors },
    },
    handler: async (request) => fastify.pets.save(request.user, request.body),
  });

  fastify.post('/pets/remove', {
    preHandler: fastify.requireUser,
    schema: { tags, security, summary: "Remove one of the account's pets", body: RemovePetBody, response: { 200: RemovePetAnswer, ...errors } },
    handler: async (request) => fastify.pets.remove(request.user, request.body.id),
  });
}
