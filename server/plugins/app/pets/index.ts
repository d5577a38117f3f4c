// The pets area as one plugin (docs/product.md section 31): a pet owner's saved pets. `fastify.pets.list/save/
// remove` with the database and the clock bound; thin routes under /api/user/pets authorize and call them.
// Other areas (appointment requests, booking) read an owner's pet and save a new one through the functions
// exported here, so one set of rules decides.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../users/index';
import type { RemovePetAnswer, SavePetAnswer, SavePetInput } from '../../../../shared/schemas/pet';
import { PET_MESSAGES, listPets, removePet, savePet } from './pet-store';

export { PET_MESSAGES, appointmentFacts, ownerPet } from './pet-store';

function petsOf(fastify: FastifyInstance) {
  const { db } = fastify.database;
  const { clock } = fastify;
  return {
    list: (owner: UserRow) => listPets(db, owner.id),
    async save(owner: UserRow, input: SavePetInput): Promise<SavePetAnswer> {
      const pet = await savePet(db, owner.id, input, clock.now());
      return { message: PET_MESSAGES.saved(pet.name), pet };
    },
    async remove(owner: UserRow, id: number): Promise<RemovePetAnswer> {
      const pet = await removePet(db, owner.id, id);
      return { message: PET_MESSAGES.removed(pet.name), id: pet.id };
    },
  };
}

export type Pets = ReturnType<typeof petsOf>;

declare module 'fastify' {
  interface FastifyInstance {
    pets: Pets;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('pets', petsOf(fastify));
  },
  { name: 'pets', dependencies: ['database'] },
);

export { default as petRoutes } from './routes/index';
