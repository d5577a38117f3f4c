// Exposes the opened database and the configuration on the Fastify instance.
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Database } from '../../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    config: Config;
  }
}

export default fp<{ database: Database; config: Config }>(
  async (fastify, options) => {
    fastify.decorate('database', options.database);
    fastify.decorate('config', options.config);
  },
  { name: 'database' },
);
