// The API and web server as one Fastify plugin (fastify/demo layout): external plugins first
// (database, errors, security, docs), then the areas' plugins, then the routes (the operations routes in
// routes/index.ts and each area's routes/index.ts, which give their URL prefixes; none is written here),
// then the web app's files and its pages (routes/pages), with the not-found page for other addresses.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from './config';
import type { Database } from './db/client';
import { projectRoot } from './lib/project-root';
import { systemClock, type Clock } from './lib/clock';
import databasePlugin from './plugins/external/database';
import errorsPlugin from './plugins/external/errors';
import securityPlugin from './plugins/external/security';
import docsPlugin from './plugins/external/docs';
import observabilityPlugin from './plugins/external/observability';
import webAppPlugin from './plugins/external/web-app';
import operationRoutes from './routes/index';
import pageRoutes from './routes/pages/index';
import countersPlugin from './plugins/app/limits/counters';
import authenticatePlugin from './plugins/app/auth/authenticate';
import authorizePlugin from './plugins/app/auth/authorize';
import mailerPlugin from './plugins/app/mail/index';
import listingPlugin, { listingRoutes } from './plugins/app/listing/index';
import usersPlugin from './plugins/app/users/index';
import seoPlugin, { seoRoutes, type SeoOptions } from './plugins/app/seo/index';
import accountsPlugin, { accountRoutes } from './plugins/app/accounts/index';
import profilesPlugin, { profileRoutes } from './plugins/app/profiles/index';
import accountDataPlugin, { accountDataRoutes } from './plugins/app/account-data/index';
import adminPlugin, { adminRoutes } from './plugins/app/admin/index';
import reviewsPlugin, { reviewRoutes } from './plugins/app/reviews/index';
import appointmentsPlugin, { appointmentRoutes } from './plugins/app/appointments/index';
import favoritesPlugin, { favoriteRoutes } from './plugins/app/favorites/index';
import paymentsPlugin, { paymentRoutes } from './plugins/app/payments/index';
import uploadsPlugin, { uploadRoutes } from './plugins/app/uploads/index';
import planFeaturesPlugin, { planFeatureRoutes } from './plugins/app/plan-features/index';
import articlesPlugin, { articleRoutes } from './plugins/app/articles/index';
import backupsPlugin, { backupRoutes } from './plugins/app/backups/index';
import dashboardPlugin, { dashboardRoutes } from './plugins/app/dashboard/index';
import doctorsPlugin, { doctorRoutes } from './plugins/app/doctors/index';
import practiceImportPlugin, { practiceImportRoutes } from './plugins/app/practice-import/index';
import claimsPlugin, { claimRoutes } from './plugins/app/claims/index';
import messagesPlugin, { messageRoutes } from './plugins/app/messages/index';
import petsPlugin, { petRoutes } from './plugins/app/pets/index';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Folder of the built web app; defaults to dist/web. */
  distDir?: string;
  /** The web app's server entry, which renders pages with React; defaults to dist/ssr/entry-server.js. */
  ssrEntry?: string;
  /** Sitemap chunk size and cache time (tests make them small). */
  seo?: SeoOptions;
  /** The clock every part that decides by time asks (tests pass one they move); the system's by default. */
  clock?: Clock;
}

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
  }
}

export const defaultDistDir = path.join(projectRoot, 'dist/web');
export const defaultSsrEntry = path.join(projectRoot, 'dist/ssr/entry-server.js');

/** The areas after the search listing and SEO, each a plugin in server/plugins/app/<area>/index.ts. */
const AREA_PLUGINS = [
  accountsPlugin,
  profilesPlugin,
  accountDataPlugin,
  adminPlugin,
  reviewsPlugin,
  appointmentsPlugin,
  favoritesPlugin,
  paymentsPlugin,
  uploadsPlugin,
  planFeaturesPlugin,
  articlesPlugin,
  backupsPlugin,
  dashboardPlugin,
  doctorsPlugin,
  practiceImportPlugin,
  claimsPlugin,
  messagesPlugin,
  petsPlugin,
];

/** Every area's routes (server/plugins/app/<area>/routes/index.ts), registered once all services are. */
const AREA_ROUTES = [
  accountRoutes,
  accountDataRoutes,
  doctorRoutes,
  listingRoutes,
  seoRoutes,
  paymentRoutes,
  profileRoutes,
  planFeatureRoutes,
  uploadRoutes,
  articleRoutes,
  adminRoutes,
  reviewRoutes,
  backupRoutes,
  appointmentRoutes,
  dashboardRoutes,
  favoriteRoutes,
  practiceImportRoutes,
  claimRoutes,
  messageRoutes,
  petRoutes,
];

async function app(fastify: FastifyInstance, options: AppOptions): Promise<void> {
  fastify.decorate('clock', options.clock ?? systemClock);
  await fastify.register(databasePlugin, { database: options.database, config: options.config });
  await fastify.register(observabilityPlugin);
  await fastify.register(errorsPlugin);
  await fastify.register(securityPlugin);
  await fastify.register(docsPlugin);

  // The areas' services (`fastify.<area>`), in the order they need each other while registering.
  for (const plugin of [countersPlugin, authenticatePlugin, authorizePlugin, mailerPlugin, listingPlugin, usersPlugin]) await fastify.register(plugin);
  await fastify.register(seoPlugin, options.seo ?? {});
  for (const plugin of AREA_PLUGINS) await fastify.register(plugin);

  // Then the routes: each area's routes/index.ts registers its files with their URL prefixes.
  await fastify.register(operationRoutes);
  for (const routes of AREA_ROUTES) await fastify.register(routes);

  await fastify.register(webAppPlugin, { distDir: options.distDir ?? defaultDistDir, ssrEntry: options.ssrEntry ?? defaultSsrEntry });
  await fastify.register(pageRoutes);
}

// Not encapsulated: the error handler, hooks and decorations apply to the whole server.
export default fp(app, { name: 'animal-doctor' });
