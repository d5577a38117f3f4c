// Decorates `fastify.storage`: the one storage interface (server/storage/storage.ts), backed by the
// database by default.
import fp from 'fastify-plugin';
import { databaseStorage } from '../../../storage/database-storage';
import type { FileStorage } from '../../../storage/storage';

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('storage', databaseStorage(fastify.database.db));
  },
  { name: 'storage', dependencies: ['database'] },
);
