// Test fixtures of imports and claims (docs/product.md section 20): the zip codes the tests place practices
// in (the test database starts without the zip data set), a multipart body with fields and one file, and an
// unclaimed practice made by an import.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { profiles } from '../db/schema';
import { injectAs, type Account } from './factories';

export const TEST_ZIPS = [
  { zip: '10001', city: 'New York', state: 'NY', latitude: 40.7484, longitude: -73.9967 },
  { zip: '10004', city: 'New York', state: 'NY', latitude: 40.6964, longitude: -74.0253 },
  { zip: '78701', city: 'Austin', state: 'TX', latitude: 30.2713, longitude: -97.7426 },
  { zip: '96813', city: 'Honolulu', state: 'HI', latitude: 21.3086, longitude: -157.8511 },
];

/** A multipart body with text fields and (optionally) one file. */
export function formBody(fields: Record<string, string>, file?: { field: string; name: string; type: string; bytes: Buffer }) {
  const boundary = `----import${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file)
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
      file.bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

let imported = 0;

/**
 * An unclaimed practice made by an administrator's import, with its website; answers its id. Its phone is
 * `(areaCode) 555-nnnn` and its street `n <street>`, numbered per file: files that run together use other area codes.
 */
export async function importedPractice(
  app: FastifyInstance,
  admin: Account,
  website: string,
  options: { name?: string; areaCode?: string; street?: string; phone?: string; streetName?: string } = {},
): Promise<number> {
  const n = ++imported;
  const id = `practice-${Date.now().toString(36)}-${n}`;
  const phone = options.phone ?? `(${options.areaCode ?? '646'}) 555-${String(1000 + n).slice(-4)}`;
  const street = options.street ?? `${n} ${options.streetName ?? 'Broadway'}`;
  const csv = `external_id,clinic_name,street,city,state,zip,phone,website_url,species,services\n${id},${options.name ?? 'Happy Paws'} ${n},${street},New York,NY,10001,${phone},${website},Dogs,Surgery\n`;
  const answer = await injectAs(app, admin.token, {
    url: '/api/admin/import',
    ...formBody({}, { field: 'file', name: 'p.csv', type: 'text/csv', bytes: Buffer.from(csv) }),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  await app.practiceImport.settled();
  const [row] = await app.database.db.select({ id: profiles.userId }).from(profiles).where(eq(profiles.externalId, id));
  expect(row, 'imported').toBeDefined();
  return row!.id;
}
