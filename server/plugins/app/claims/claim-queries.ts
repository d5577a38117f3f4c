// What administrators and the profile wizard read about claims: the Claims tab's list, a claim's
// document, and an unclaimed listing that looks like a new profile (docs/product.md section 20).
import { and, asc, count, desc, eq, inArray, isNull, min, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { practiceClaims, profiles, users, type ClaimState } from '../../../db/schema';
import type { Claim } from '../../../../shared/schemas/import-claim';
import { addressLine } from '../../../../shared/lib/address';
import { domainError } from '../../../lib/domain-error';
import { phoneKey } from '../../../../shared/lib/profile-rules';
import type { ClaimDeps } from './claim-deps';

/** Claims for the administrators' Claims tab: waiting ones (oldest first) by default; with the count and age of the queue. */
export async function listClaims(db: DbOrTx, filter: { state?: ClaimState; page?: number; pageSize?: number; ids?: number[] }) {
  const state = filter.state ?? 'waiting';
  const page = filter.page ?? 1;
  const pageSize = filter.pageSize ?? 20;
  const where = filter.ids ? inArray(practiceClaims.id, filter.ids) : eq(practiceClaims.state, state);
  const claimant = sql`claimant`;
  const [rows, [total], [queue]] = await Promise.all([
    db
      .select({
        claim: practiceClaims,
        clinicName: profiles.clinicName,
        websiteUrl: profiles.websiteUrl,
        street: profiles.street,
        city: profiles.city,
        state: profiles.state,
        zip: profiles.zip,
        claimantName: sql<string | null>`${claimant}.first_name || ' ' || ${claimant}.last_name`,
      })
      .from(practiceClaims)
      .leftJoin(profiles, eq(profiles.userId, practiceClaims.doctorId))
      .leftJoin(sql`users claimant`, sql`${claimant}.id = ${practiceClaims.claimantId}`)
      .where(where)
      .orderBy(state === 'waiting' ? asc(practiceClaims.createdAt) : desc(practiceClaims.createdAt), asc(practiceClaims.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(practiceClaims).where(where),
    db
      .select({ n: count(), oldest: min(practiceClaims.createdAt) })
      .from(practiceClaims)
      .where(and(eq(practiceClaims.state, 'waiting'), isNull(practiceClaims.restoredAt))),
  ]);
  const data: Claim[] = rows.map(({ claim, ...r }) => ({
    id: claim.id,
    doctor_id: claim.doctorId,
    clinic_name: r.clinicName,
    website_url: r.websiteUrl,
    practice_address: addressLine({ street: r.street, city: r.city, state: r.state, zip: r.zip }),
    claimant_id: claim.claimantId,
    claimant_name: claim.claimantId ? r.claimantName : null,
    claimant_email: claim.claimantEmail,
    method: claim.method,
    email: claim.email,
    license_number: claim.licenseNumber,
    license_state: claim.licenseState,
    has_document: claim.documentKey !== null,
    document_type: claim.documentType,
    state: claim.state,
    reason: claim.reason,
    created_at: claim.createdAt.toISOString(),
    decided_at: claim.decidedAt?.toISOString() ?? null,
    restorable: claim.state === 'approved' && claim.transfer !== null,
  }));
  const oldest = queue?.oldest ? new Date(queue.oldest as unknown as string) : null;
  return { data, total: Number(total?.n ?? 0), waiting: Number(queue?.n ?? 0), oldest_waiting_at: oldest ? oldest.toISOString() : null };
}

/** A claim's document for an administrator: its bytes and type. */
export async function claimDocument(deps: ClaimDeps, claimId: number) {
  const [claim] = await deps.db.select().from(practiceClaims).where(eq(practiceClaims.id, claimId));
  const object = claim?.documentKey ? await deps.storage.get(claim.documentKey) : undefined;
  if (!claim || !object) throw domainError(404, 'NOT_FOUND', 'This claim has no document.', { field: 'claim_id' });
  return {
    bytes: object.bytes,
    contentType: claim.documentType ?? 'application/octet-stream',
    name: `claim-${claim.id}.${claim.documentKey!.split('.').pop()}`,
  };
}

/** An unclaimed listing at this phone number or street and zip code (profile step 1 offers to claim it). */
export async function unclaimedTwin(db: DbOrTx, input: { phone: string | null; street: string; zip: string }, exceptId: number) {
  const phone = phoneKey(input.phone) ?? '';
  const street = input.street.trim().toLowerCase().replace(/\s+/g, ' ');
  const [found] = await db
    .select({ id: users.id, clinicName: profiles.clinicName, street: profiles.street, city: profiles.city, state: profiles.state, zip: profiles.zip })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(
      and(
        eq(users.claimed, false),
        eq(users.status, 'active'),
        sql`${users.id} <> ${exceptId}`,
        sql`((${phone} <> '' AND ${profiles.phoneKey} = ${phone}) OR (${profiles.zip} = ${input.zip.trim()} AND regexp_replace(lower(btrim(${profiles.street})), '\\s+', ' ', 'g') = ${street}))`,
      ),
    )
    .limit(1);
  return found;
}
