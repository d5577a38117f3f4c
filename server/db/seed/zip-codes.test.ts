import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/helper';
import type { Db } from '../client';
import { appMeta, zipCodes } from '../schema';
import { loadZipCodes, usZipRows } from './zip-codes';

let db: Db;

beforeAll(async () => {
  db = (await testDatabase()).db;
  // The worker's database is shared: another file may have loaded the data set already.
  await loadZipCodes(db);
});

describe('loadZipCodes', () => {
  it('loads every US zip of the data set with its place and coordinates', async () => {
    const [row] = await db.select({ n: count() }).from(zipCodes);
    expect(row!.n).toBeGreaterThanOrEqual(usZipRows().length);
    expect(usZipRows().length).toBeGreaterThan(40_000);
    const [manhattan] = await db.select().from(zipCodes).where(eq(zipCodes.zip, '10001'));
    expect(manhattan).toMatchObject({ zip: '10001', city: 'New York', state: 'NY' });
    expect(manhattan!.latitude).toBeCloseTo(40.75, 1);
    expect(manhattan!.longitude).toBeCloseTo(-74.0, 1);
    const [beverlyHills] = await db.select().from(zipCodes).where(eq(zipCodes.zip, '90210'));
    expect(beverlyHills).toMatchObject({ city: 'Beverly Hills', state: 'CA' });
  });

  it('keeps five-digit US zips only, leading zeros intact', async () => {
    const rows = usZipRows();
    expect(rows.every((z) => /^\d{5}$/.test(z.zip) && z.state.length === 2)).toBe(true);
    const [boston] = await db.select().from(zipCodes).where(eq(zipCodes.zip, '02108'));
    expect(boston).toMatchObject({ city: 'Boston', state: 'MA' });
  });

  it('does nothing when the table is already complete, and records which data set filled it', async () => {
    const started = Date.now();
    expect(await loadZipCodes(db)).toEqual({ loaded: 0, skipped: true });
    expect(Date.now() - started).toBeLessThan(2000);
    const [meta] = await db.select().from(appMeta).where(eq(appMeta.key, 'zip_codes'));
    expect(meta!.value).toBe(`zipcodes@8.0.0 ${usZipRows().length}`);
  });

  it('completes a partly loaded table without touching the rows already there', async () => {
    // A tx rolled back at the end leaves the shared table as it was for the other test files.
    const rollback = new Error('rollback');
    await expect(
      db.transaction(async (tx) => {
        await tx.delete(zipCodes).where(eq(zipCodes.state, 'VT'));
        const vermont = usZipRows().filter((z) => z.state === 'VT').length;
        expect(vermont).toBeGreaterThan(100);
        const result = await loadZipCodes(tx);
        expect(result).toEqual({ loaded: vermont, skipped: false });
        const [back] = await tx.select().from(zipCodes).where(eq(zipCodes.zip, '05401'));
        expect(back).toMatchObject({ city: 'Burlington', state: 'VT' });
        throw rollback;
      }),
    ).rejects.toBe(rollback);
  });
});
