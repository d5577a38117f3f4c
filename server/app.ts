// The API and web server as one Fastify plugin (fastify/demo layout): external plugins first
// (database, errors, security, docs), then app plugins, then routes, whose folders are URL
// prefixes, then the web app's files and its pages (routes/pages), with the not-found page for other addresses.
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
import webAppPlugin from './plugins/external/web-app';
import pageRoutes from './routes/pages/index';
import countersPlugin from './plugins/app/limits/counters';
import authenticatePlugin from './plugins/app/auth/authenticate';
import authorizePlugin from './plugins/app/auth/authorize';
import mailerPlugin from './plugins/app/mail/index';
import listingPlugin from './plugins/app/listing/index';
import seoPlugin, { type SeoOptions } from './plugins/app/seo/index';
import accountsPlugin from './plugins/app/accounts/index';
import profilesPlugin from './plugins/app/profiles/index';
import adminPlugin from './plugins/app/admin/index';
import accountDataPlugin from './plugins/app/account-data/index';
import accountDataRoutes from './routes/api/user/account-data';
import accountSettingsRoutes from './routes/api/user/settings';
import reviewsPlugin from './plugins/app/reviews/index';
import favoritesPlugin from './plugins/app/favorites/index';
import healthRoutes from './routes/api/health/index';
import userRoutes from './routes/api/user/index';
import newsletterCodeRoutes from './routes/api/user/newsletter';
import newsletterRoutes from './routes/api/newsletter/index';
import { articleRoutes } from './routes/api/articles/article-routes';
import doctorRoutes from './routes/api/doctors/index';
import seoRoutes from './routes/seo/index';
import paymentsPlugin from './plugins/app/payments/index';
import paymentRoutes from './routes/api/payment/index';
import paymentWebhookRoutes from './routes/api/payment/webhook';
import uploadsPlugin from './plugins/app/uploads/index';
import profileRoutes from './routes/api/user/profile';
import reviewRoutes from './routes/api/admin/review';
import uploadRoutes from './routes/uploads/index';
import adminArticleRoutes from './routes/api/admin/articles/index';
import adminUserRoutes from './routes/api/admin/users';
import planFeaturesPlugin from './plugins/app/plan-features/index';
import articlesPlugin from './plugins/app/articles/index';
import planFeatureRoutes from './routes/api/user/plan-features';
import doctorFeatureRoutes from './routes/api/doctors/plan-features';
import petReviewRoutes from './routes/api/reviews/index';
import ownReviewRoutes from './routes/api/user/reviews';
import reviewModerationRoutes from './routes/api/admin/reviews';
import backupsPlugin from './plugins/app/backups/index';
import backupRoutes from './routes/api/admin/backup';
import observabilityPlugin from './plugins/external/observability';
import readyRoutes from './routes/api/ready/index';
import metricsRoutes from './routes/metrics/index';

import appointmentsPlugin from './plugins/app/appointments/index';
import appointmentRoutes from './routes/api/appointments/index';
import practiceAppointmentRoutes from './routes/api/user/appointments';

import dashboardPlugin from './plugins/app/dashboard/index';
import adminDashboardRoutes from './routes/api/admin/dashboard';

import favoriteRoutes from './routes/api/favorites/index';

import practiceImportPlugin from './plugins/app/practice-import/index';
import claimsPlugin from './plugins/app/claims/index';
import importRoutes from './routes/api/admin/import';
import claimAdminRoutes from './routes/api/admin/claims';
import claimRoutes from './routes/api/doctors/claim';

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

async function app(fastify: FastifyInstance, options: AppOptions): Promise<void> {
  fastify.decorate('clock', options.clock ?? systemClock);
  await fastify.register(databasePlugin, { database: options.database, config: options.config });
  await fastify.register(observabilityPlugin);
  await fastify.register(errorsPlugin);
  await fastify.register(securityPlugin);
  await fastify.register(docsPlugin);

  await fastify.register(countersPlugin);
  await fastify.register(authenticatePlugin);
  await fastify.register(authorizePlugin);
  await fastify.register(mailerPlugin);
  await fastify.register(listingPlugin);
  await fastify.register(seoPlugin, options.seo ?? {});
  await fastify.register(accountsPlugin);
  await fastify.register(profilesPlugin);
  await fastify.register(accountDataPlugin);
  await fastify.register(adminPlugin);
  await fastify.register(reviewsPlugin);
  await fastify.register(appointmentsPlugin);

  await fastify.register(favoritesPlugin);
  await fastify.register(paymentsPlugin);
  await fastify.register(uploadsPlugin);
  await fastify.register(planFeaturesPlugin);
  await fastify.register(articlesPlugin);
  await fastify.register(backupsPlugin);

  await fastify.register(dashboardPlugin);

  await fastify.register(practiceImportPlugin);
  await fastify.register(claimsPlugin);

  await fastify.register(healthRoutes, { prefix: '/api/health' });
  await fastify.register(readyRoutes, { prefix: '/api/ready' });
  await fastify.register(metricsRoutes);
  await fastify.register(userRoutes, { prefix: '/api/user' });
  await fastify.register(newsletterCodeRoutes, { prefix: '/api/user' });
  await fastify.register(newsletterRoutes, { prefix: '/api/newsletter' });
  await fastify.register(articleRoutes('blog'), { prefix: '/api/articles' });
  await fastify.register(articleRoutes('ai'), { prefix: '/api/ai_articles' });
  await fastify.register(doctorRoutes, { prefix: '/api/doctors' });
  await fastify.register(doctorFeatureRoutes, { prefix: '/api/doctors' });
  await fastify.register(seoRoutes);
  await fastify.register(paymentRoutes, { prefix: '/api/payment' });
  await fastify.register(paymentWebhookRoutes, { prefix: '/api/payment' });
  await fastify.register(profileRoutes, { prefix: '/api/user' });
  await fastify.register(accountDataRoutes, { prefix: '/api/user' });
  await fastify.register(accountSettingsRoutes, { prefix: '/api/user' });
  await fastify.register(planFeatureRoutes, { prefix: '/api/user' });
  await fastify.register(reviewRoutes, { prefix: '/api/admin' });
  await fastify.register(uploadRoutes, { prefix: '/uploads' });
  await fastify.register(adminArticleRoutes, { prefix: '/api/admin/articles' });
  await fastify.register(adminUserRoutes, { prefix: '/api/admin' });
  await fastify.register(petReviewRoutes, { prefix: '/api/reviews' });
  await fastify.register(ownReviewRoutes, { prefix: '/api/user' });
  await fastify.register(reviewModerationRoutes, { prefix: '/api/admin' });
  await fastify.register(backupRoutes, { prefix: '/api/admin' });

  await fastify.register(appointmentRoutes, { prefix: '/api/appointments' });
  await fastify.register(practiceAppointmentRoutes, { prefix: '/api/user' });

  await fastify.register(adminDashboardRoutes, { prefix: '/api/admin' });

  await fastify.register(favoriteRoutes, { prefix: '/api/favorites' });

  await fastify.register(importRoutes, { prefix: '/api/admin' });
  await fastify.register(claimAdminRoutes, { prefix: '/api/admin' });
  await fastify.register(claimRoutes, { prefix: '/api/doctors' });

  await fastify.register(webAppPlugin, { distDir: options.distDir ?? defaultDistDir, ssrEntry: options.ssrEntry ?? defaultSsrEntry });
  await fastify.register(pageRoutes);
}

// Not encapsulated: the error handler, hooks and decorations apply to the whole server.
export default fp(app, { name: 'animal-doctor' });
