// The claims area as one plugin (docs/product.md section 20; decision record 097): `fastify.claims.<command>(...)`
// with the database, mailer, announcer, clock, counters, storage and tokens bound. Routes under
// /api/doctors and /api/admin validate, authorize, call a command and shape the answer.
import { areaDeps } from '../../../lib/area-deps';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ClaimInput } from '../../../../shared/schemas/import-claim';
import { eq, inArray, or, sql } from 'drizzle-orm';
import { practiceClaims, uploads, type ClaimState } from '../../../db/schema';
import type { Actor } from '../audit/audit-log';
import type { UserRow } from '../users/index';
import { claimByDocument, claimByEmail, decideClaim, verifyClaimCode } from './claim-commands';
import type { ClaimDeps } from './claim-deps';
import { claimDocument, listClaims, unclaimedTwin } from './claim-queries';
import { restoreClaim } from './claim-transfer';
import { pageUrl } from '../../../../shared/routes';

export { CLAIM_MESSAGES } from './claim-deps';

function claimsOf(fastify: FastifyInstance) {
  const deps: ClaimDeps = {
    ...areaDeps(fastify),
    counters: fastify.counters,
    storage: fastify.storage,
    tokens: fastify.tokens,
    sendLimits: fastify.accounts.sendLimits,
    practiceLink: (id) => pageUrl(fastify.config.publicUrl, 'doctorProfile', { params: { id } }),
  };
  return {
    byEmail: (claimant: UserRow, input: ClaimInput, ip: string | null) => claimByEmail(deps, claimant, input, ip),
    byDocument: (claimant: UserRow, input: ClaimInput, bytes: Buffer, ip: string | null) => claimByDocument(deps, claimant, input, bytes, ip),
    verify: (claimant: UserRow, input: { doctor_id: number; code: string }, ip: string | null) => verifyClaimCode(deps, claimant, input, ip),
    list: (filter: { state?: ClaimState; page?: number; pageSize?: number }) => listClaims(deps.db, filter),
    decide: (admin: Actor, input: { claim_id: number; decision: 'approve' | 'reject'; reason: string }) => decideClaim(deps, admin, input),
    restore: (admin: Actor, claimId: number) => restoreClaim(deps, admin, claimId),
    document: (claimId: number) => claimDocument(deps, claimId),
    /** An unclaimed listing with this phone, or this street and zip (profile step 1 offers its claim). */
    unclaimedTwin: (input: { phone: string | null; street: string; zip: string }, exceptId: number) => unclaimedTwin(deps.db, input, exceptId),
  };
}

export type Claims = ReturnType<typeof claimsOf>;

declare module 'fastify' {
  interface FastifyInstance {
    claims: Claims;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('claims', claimsOf(fastify));
    // A deleted account's claims go with it, and the documents it sent (docs/product.md section 22): no row names it.
    // Claims that name it by address only are its own once it proved the address (docs/product.md 22.7).
    fastify.accountData.onAccountDeleted(async (tx, account) => {
      const gone = await tx
        .delete(practiceClaims)
        .where(or(eq(practiceClaims.claimantId, account.id), account.verified ? sql`lower(${practiceClaims.claimantEmail}) = ${account.email}` : sql`false`))
        .returning({ documentKey: practiceClaims.documentKey });
      const keys = gone.flatMap((claim) => (claim.documentKey ? [claim.documentKey] : []));
      if (keys.length > 0) await tx.delete(uploads).where(inArray(uploads.key, keys));
    });
  },
  { name: 'claims', dependencies: ['database', 'mailer', 'listing', 'authenticate', 'uploads', 'counters', 'account-data', 'accounts'] },
);

export { default as claimRoutes } from './routes/index';
