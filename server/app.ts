// The API and web server as one Fastify plugin (fastify/demo layout): external plugins first
// (database, security, docs), then app plugins, then routes, whose folders are URL prefixes.
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import databasePlugin from './plugins/external/database';
import healthRoutes from './routes/api/health/index';

export interface AppOptions {
  config: Config;
  database: Database;
}

export default async function app(fastify: FastifyInstance, options: AppOptions): Promise<void> {
  await fastify.register(databasePlugin, { database: options.database, config: options.config });
  await fastify.register(healthRoutes, { prefix: '/api/health' });
}
