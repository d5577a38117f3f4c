// What the areas' commands are given by the app (docs/architecture.md, Areas): the database, the mailer, the
// announcer of changes and the clock, read once from the Fastify instance so that each area's index.ts lists
// only what is its own.
import type { FastifyInstance } from 'fastify';

export const areaDeps = (fastify: FastifyInstance) => ({
  db: fastify.database.db,
  mailer: fastify.mailer,
  changes: fastify.changes,
  clock: fastify.clock,
});
