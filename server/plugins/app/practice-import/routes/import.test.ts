// Importing practices (docs/product.md section 20) as an administrator meets it: the dry run, the upsert by
// external_id, bad rows skipped and reported, duplicates by phone, positions from the zip code, formula
// and script injection, a malformed or too-large file, the one audit entry, and the listing in search.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { buildTestApp } from '../../../../test/helper';
import { createAccount, createVet, injectAs, type Account } from '../../../../test/factories';
import { auditLog, profiles, users, zipCodes } from '../../../../db/schema';
import { formBody, TEST_ZIPS } from '../../../../test/import-fixtures';
import type { ImportStatus } from '../../../../../shared/schemas/import-claim';
import type { DoctorPage, DoctorSearchAnswer } from '../../../../../shared/schemas/doctor';
import type { AdminUsersAnswer } from '../../../../../shared/schemas/admin';
import { nextBatchRows } from '../import-run';

let app: FastifyInstance;
let admin: Account;
let run = 0;
/** A prefix of its own per test, so tests never meet each other's external ids and phones. */
const prefix = () => `t${Date.now().toString(36)}${++run}`;

beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  admin = await createAccount(app, { stage: 'admin' });
  await app.database.db.insert(zipCodes).values(TEST_ZIPS).onConflictDoNothing();
});
afterAll(async () => {
  await app.close();
});

const HEADER = 'external_id,clinic_name,street,city,state,zip,phone,website_url,species,services,latitude,longitude';

const upload = (text: string | Buffer, dryRun = false, token = admin.token) =>
  injectAs(app, token, {
    url: '/api/admin/import',
    ...formBody(
      { dry_run: String(dryRun) },
      { field: 'file', name: 'practices.csv', type: 'text/csv', bytes: Buffer.isBuffer(text) ? text : Buffer.from(text) },
    ),
  });

async function finished(id: number): Promise<ImportStatus> {
  await app.practiceImport.settled();
  const answer = await injectAs(app, admin.token, { url: '/api/admin/import-status', payload: { id } });
  expect(answer.statusCode).toBe(200);
  return answer.json<ImportStatus>();
}

async function importFile(text: string, dryRun = false): Promise<ImportStatus> {
  const answer = await upload(text, dryRun);
  expect(answer.statusCode, answer.body).toBe(200);
  return finished(answer.json<{ id: number }>().id);
}

/** A phone number no other test uses: 212-55x-xxxx from a counter. */
let phoneCounter = 1000 + Math.floor(Math.random() * 8000);
const phone = () => `(212) 555-${String(++phoneCounter % 10000).padStart(4, '0')}`;

describe('POST /api/admin/import', () => {
  it('reports in a dry run what each row would do and why, and writes nothing', async () => {
    const p = prefix();
    const text = [
      HEADER,
      `${p}-1,Dry Run Clinic,1 Main St,New York,NY,10001,${phone()},https://dryrun.example,dogs;cats,Vaccinations,,`,
      `${p}-2,,2 Main St,New York,NY,10001,,,,,,`,
    ].join('\n');
    const status = await importFile(text, true);
    expect(status).toMatchObject({ state: 'done', dry_run: true, total: 2, done: 2, created: 1, updated: 0, skipped: 1 });
    expect(status.errors).toEqual([{ row: 3, message: 'The clinic_name is empty.' }]);
    expect(status.rows.map((r) => [r.row, r.action])).toEqual([
      [2, 'create'],
      [3, 'skip'],
    ]);
    expect(status.rows[0]!.reason).toMatch(/new unclaimed listing at the zip code’s centre/);
    const [written] = await app.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.externalId, `${p}-1`));
    expect(written).toBeUndefined();
  });

  it('creates unclaimed listings, updates them by external_id on the next import, and leaves claimed ones alone', async () => {
    const p = prefix();
    const tel = phone();
    const first = await importFile(
      `${HEADER}\r\n${p}-a,"Harbor ""Pets"", Clinic",10 Water St,New York,NY,10004,${tel},https://harborpets.example,Dogs;Cats,Surgery;Dentistry,40.7,-74.01\r\n`,
    );
    expect(first).toMatchObject({ state: 'done', created: 1, updated: 0, skipped: 0 });
    const [row] = await app.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.externalId, `${p}-a`));
    expect(row).toMatchObject({ clinicName: 'Harbor "Pets", Clinic', latitude: 40.7, longitude: -74.01, contactPhone: tel, species: ['Dogs', 'Cats'] });
    const [account] = await app.database.db.select().from(users).where(eq(users.id, row!.userId));
    expect(account).toMatchObject({ claimed: false, passwordHash: '!' });
    expect(account!.email).toMatch(/@unclaimed\.invalid$/);

    const second = await importFile(`${HEADER}\n${p}-a,Harbor Pets Clinic,12 Water St,New York,NY,10004,${tel},,Dogs,,,\n`);
    expect(second).toMatchObject({ created: 0, updated: 1, skipped: 0 });
    const [again] = await app.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.externalId, `${p}-a`));
    expect(again).toMatchObject({ userId: row!.userId, street: '12 Water St', websiteUrl: null });
    // Without coordinates the zip code's centre is used.
    expect(again!.latitude).not.toBe(40.7);

    await app.database.db.update(users).set({ claimed: true }).where(eq(users.id, row!.userId));
    const third = await importFile(`${HEADER}\n${p}-a,Renamed,12 Water St,New York,NY,10004,${tel},,Dogs,,,\n`);
    expect(third).toMatchObject({ updated: 0, skipped: 1 });
    expect(third.errors[0]!.message).toMatch(/claimed by its vet/);
  });

  it('skips bad rows with the line and reason, and writes every good row whole', async () => {
    const p = prefix();
    const rows = [
      HEADER,
      `${p}-ok,Good Clinic,1 Elm St,Austin,TX,78701,${phone()},,dogs,,,`,
      `${p}-zip,Bad Zip,1 Elm St,Austin,TX,7870,,,dogs,,,`,
      `${p}-state,Bad State,1 Elm St,Austin,Texasland,78701,,,dogs,,,`,
      `${p}-phone,Bad Phone,1 Elm St,Austin,TX,78701,555,,dogs,,,`,
      `${p}-web,Bad Web,1 Elm St,Austin,TX,78701,,javascript:alert(1),dogs,,,`,
      `${p}-lat,Bad Lat,1 Elm St,Austin,TX,78701,,,dogs,,95,10`,
      `${p}-unknownzip,Nowhere,1 Elm St,Austin,TX,00000,,,dogs,,,`,
      `${p}-ok,Repeated Id,1 Elm St,Austin,TX,78701,,,dogs,,,`,
      `bad id!,Bad Id,1 Elm St,Austin,TX,78701,,,dogs,,,`,
    ];
    const status = await importFile(rows.join('\n'));
    expect(status).toMatchObject({ state: 'done', total: 9, created: 1, skipped: 8 });
    expect(status.errors.map((e) => e.row)).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
    expect(status.errors[6]!.message).toMatch(/already on line 2/);
    const written = await app.database.db.select({ id: profiles.externalId }).from(profiles).where(eq(profiles.city, 'Austin'));
    expect(written.map((w) => w.id)).toContain(`${p}-ok`);
    expect(written.map((w) => w.id)).not.toContain(`${p}-zip`);
  });

  it('reports a row whose phone belongs to an existing profile instead of creating a duplicate', async () => {
    const p = prefix();
    const vet = await createVet(app, { clinicName: 'Existing Phone Clinic' });
    const [existing] = await app.database.db.select({ phone: profiles.contactPhone }).from(profiles).where(eq(profiles.userId, vet.user.id));
    const digits = existing!.phone!.replace(/\D/g, '');
    const status = await importFile(
      `${HEADER}\n${p}-dup,Copy Clinic,5 Oak St,New York,NY,10001,1-${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)},,,,,\n`,
    );
    expect(status).toMatchObject({ created: 0, skipped: 1 });
    expect(status.errors[0]!.message).toMatch(new RegExp(`Duplicate: .*practice ${vet.user.id}`));
  });

  it('makes formula and script cells inert on the way in', async () => {
    const p = prefix();
    const status = await importFile(
      `${HEADER}\n${p}-x,"=HYPERLINK(""http://evil"")<script>alert(1)</script>",@SUM(1+1) St,-Town,NY,10001,,,+cmd|' /C calc'!A0;dogs,,,\n`,
    );
    expect(status).toMatchObject({ created: 1, skipped: 0 });
    const [row] = await app.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.externalId, `${p}-x`));
    for (const value of [row!.clinicName!, row!.street!, row!.city!, ...row!.species]) {
      expect(value).not.toMatch(/^[=+\-@]/);
      expect(value).not.toMatch(/[<>]/);
    }
    expect(row!.clinicName).toBe('HYPERLINK("http://evil")scriptalert(1)/script');
  });

  it('drops direction overrides and turns line and paragraph separators into spaces (the one-line rule)', async () => {
    const p = prefix();
    const status = await importFile(`${HEADER}\n${p}-bidi,Happy \u202EswaP\u202C Clinic\u2028Bcc,1\u2029Main St,New\u2066 York,NY,10001,,,,,,\n`);
    expect(status).toMatchObject({ created: 1, skipped: 0 });
    const [row] = await app.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.externalId, `${p}-bidi`));
    expect(row).toMatchObject({ clinicName: 'Happy swaP Clinic Bcc', street: '1 Main St', city: 'New York' });
  });

  it('refuses a file without the header, a file that is not text, a file over 50 MB, and non-administrators', async () => {
    const noHeader = await upload('a,b,c\n1,2,3\n');
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().message).toMatch(/Missing: external_id/);
    const binary = await upload(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0xff, 0xfe, 0x00, 0x00, 0x81]));
    expect(binary.statusCode).toBe(400);
    expect(binary.json().message).toMatch(/not UTF-8|not a CSV/);
    const big = await upload(Buffer.alloc(50 * 1024 * 1024 + 10, 0x61));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('The file is larger than 50 MB. Split it into smaller files and import each.');
    const vet = await createAccount(app, { stage: 'paid' });
    expect((await upload(`${HEADER}\n`, false, vet.token)).statusCode).toBe(403);
    expect((await upload(`${HEADER}\n`, false, '')).statusCode).toBe(401);
    // An unclosed quote ends the reading with a report, and what came before is kept.
    const p = prefix();
    const status = await importFile(`${HEADER}\n${p}-q1,Quote Clinic,1 A St,New York,NY,10001,,,,,,\n${p}-q2,"Open quote,1 A St,New York,NY,10001,,,,,,\n`);
    expect(status).toMatchObject({ created: 1, skipped: 1 });
    expect(status.errors[0]!.message).toMatch(/never closed/);
  });

  it('counts every data row of a file with a broken quote, and reports each line the quote swallowed', async () => {
    const p = prefix();
    const rows = [
      `${p}-b1,Before Clinic,1 A St,New York,NY,10001,,,,,,`,
      `${p}-b2,"Broken Quote Clinic,2 A St,New York,NY,10001,,,,,,`,
      `${p}-b3,Swallowed One,3 A St,New York,NY,10001,,,,,,`,
      '',
      `${p}-b4,Swallowed Two,4 A St,New York,NY,10001,,,,,,`,
    ];
    for (const dryRun of [true, false]) {
      const status = await importFile(`${HEADER}\r\n${rows.join('\r\n')}\r\n`, dryRun);
      expect(status).toMatchObject({ state: 'done', total: 4, done: 4, created: 1, updated: 0, skipped: 3 });
      expect(status.errors).toEqual([
        { row: 3, message: 'A quoted cell opened on this line is never closed: the rest of the file could not be read.' },
        { row: 4, message: 'Not read: the quote opened on line 3 is never closed, so this line was taken into that cell. Close the quote and import again.' },
        { row: 6, message: 'Not read: the quote opened on line 3 is never closed, so this line was taken into that cell. Close the quote and import again.' },
      ]);
      if (dryRun) expect(status.rows.filter((row) => row.action === 'skip').map((row) => row.row)).toEqual([3, 4, 6]);
    }
    const written = await app.database.db.select({ externalId: profiles.externalId }).from(profiles);
    expect(written.map((row) => row.externalId).filter((id) => id?.startsWith(`${p}-`))).toEqual([`${p}-b1`]);
  });

  it('writes one audit entry per import with its counts', async () => {
    const p = prefix();
    const answer = await upload(`${HEADER}\n${p}-au,Audit Clinic,1 A St,New York,NY,10001,,,,,,\n`);
    const id = answer.json<{ id: number }>().id;
    await finished(id);
    const entries = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'import'), eq(auditLog.targetId, String(id))));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: admin.user.id, action: 'practices imported' });
    expect(entries[0]!.details).toMatchObject({ total: 1, created: 1, updated: 0, skipped: 0 });
  });

  it('lists an imported practice in search and on its page as unclaimed, never Sponsored, without contact form or photos', async () => {
    const p = prefix();
    await importFile(`${HEADER}\n${p}-s,Zzyzx Unclaimed Vets,9 Pine St,Honolulu,HI,96813,${phone()},https://zzyzx.example,Dogs,Acupuncture,,\n`);
    const [row] = await app.database.db
      .select({ id: profiles.userId })
      .from(profiles)
      .where(eq(profiles.externalId, `${p}-s`));
    const search = await app.inject({ method: 'POST', url: '/api/doctors/search', payload: { searchZipCode: '96813', searchCount: 50 } });
    const card = search.json<DoctorSearchAnswer>().data.find((d) => d.id === row!.id);
    expect(card).toMatchObject({ claimed: false, sponsored: false, name: 'Zzyzx Unclaimed Vets', services: ['Acupuncture'] });
    const page = await app.inject({ method: 'POST', url: '/api/doctors/get-by-id', payload: { id: row!.id } });
    expect(page.statusCode).toBe(200);
    expect(page.json<DoctorPage>()).toMatchObject({ claimed: false, contact_form: false, website_url: 'https://zzyzx.example/', services: ['Acupuncture'] });
    expect(page.json<DoctorPage>().photos).toBeUndefined();
  });

  it("keeps unclaimed listings out of the administrators' account list unless the Listings filter asks for them", async () => {
    const p = prefix();
    const clinic = `Yarrowby ${p} Animal Hospital`;
    await importFile(`${HEADER}\n${p}-u,${clinic},3 Elm St,Honolulu,HI,96813,${phone()},https://yarrowby.example,Cats,,,\n`);
    const list = async (filters: object) =>
      (await injectAs(app, admin.token, { url: '/api/admin/users', payload: { search: p, ...filters } })).json<AdminUsersAnswer>();
    expect((await list({})).totalCount).toBe(0);
    expect((await list({ listings: 'accounts' })).totalCount).toBe(0);
    const unclaimed = await list({ listings: 'unclaimed' });
    expect(unclaimed.data).toHaveLength(1);
    expect(unclaimed.data[0]).toMatchObject({ clinic_name: clinic, claimed: false });
    expect((await list({ listings: 'all' })).data.map((u) => u.clinic_name)).toEqual([clinic]);
    const wrong = await injectAs(app, admin.token, { url: '/api/admin/users', payload: { listings: 'everyone' } });
    expect(wrong.statusCode).toBe(400);
  });
});

describe('batch sizes (decision 110)', () => {
  it('doubles after a quick batch up to 2,000 rows, halves after a slow one down to 500, and keeps a batch in between', () => {
    expect(nextBatchRows(500, 120)).toBe(1000);
    expect(nextBatchRows(1000, 200)).toBe(2000);
    expect(nextBatchRows(2000, 100)).toBe(2000);
    expect(nextBatchRows(2000, 450)).toBe(2000);
    expect(nextBatchRows(2000, 900)).toBe(1000);
    expect(nextBatchRows(500, 3000)).toBe(500);
  });
});
