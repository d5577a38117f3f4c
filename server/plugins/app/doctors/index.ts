// The public doctor pages as one plugin (docs/product.md, Search): `fastify.doctors` answers a listed
// doctor's page, the same for the get-by-id call as for the page the server renders (doctor-page.ts),
// through the listing's page cache, and whether a doctor is listed now. Its routes (routes/index.ts)
// are the public search, page, contact-form and click-event calls under /api/doctors.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { CachedAnswer } from '../../../lib/http-cache';
import { findPublicDoctor } from '../listing/doctor-search';
import { findDoctorPage } from './doctor-page';

function doctorsOf(fastify: FastifyInstance) {
  const { db } = fastify.database;
  const { clock } = fastify;
  return {
    /** A listed doctor's page as the public sees it now, from the listing's cache; undefined when not listed. */
    page(id: number): Promise<CachedAnswer | undefined> {
      const now = clock.now();
      return fastify.listing.page(id, now, () => findDoctorPage(db, id, now));
    },
    /** Whether the doctor is listed now (the public calls about one profile answer 404 otherwise). */
    isPublic: async (id: number) => (await findPublicDoctor(db, id, clock.now())) !== undefined,
  };
}

export type Doctors = ReturnType<typeof doctorsOf>;

declare module 'fastify' {
  interface FastifyInstance {
    doctors: Doctors;
  }
}

const doctorsPlugin = async (fastify: FastifyInstance) => void fastify.decorate('doctors', doctorsOf(fastify));
export default fp(doctorsPlugin, { name: 'doctors', dependencies: ['database', 'listing'] });

export { default as doctorRoutes } from './routes/index';
