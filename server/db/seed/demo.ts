// Demo content for a fresh installation (decisions.md section 1): one administrator, approved demo
// practices with paid plans, and published articles. Runs once per database (app_meta 'demo_loaded').
import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type { Db } from '../client';
import { appMeta, articles, payments, profiles, users, zipCodes, type WorkingDay } from '../schema';
import { hashPassword } from '../../lib/password';
import { DEMO_ARTICLES } from './demo-articles';

export const DEMO_ADMIN_EMAIL = 'admin@animaldoctor.local';

interface DemoVet {
  first: string;
  last: string;
  clinic: string;
  zip: string;
  street: string;
  plan: 1 | 2 | 3;
  species: string[];
  services: string[];
  emergency: boolean;
}

const DEMO_VETS: DemoVet[] = [
  { first: 'Maria', last: 'Alvarez', clinic: 'Chelsea Animal Clinic', zip: '10011', street: '214 W 16th St', plan: 3, species: ['dogs', 'cats'], services: ['Wellness exams', 'Vaccinations', 'Dentistry', 'Surgery'], emergency: false },
  { first: 'Kevin', last: 'Osei', clinic: 'Brooklyn Cat Hospital', zip: '11215', street: '410 7th Ave', plan: 2, species: ['cats'], services: ['Feline medicine', 'Dentistry', 'Senior care'], emergency: false },
  { first: 'Priya', last: 'Natarajan', clinic: 'Austin Pet Emergency Center', zip: '78704', street: '1500 S Lamar Blvd', plan: 3, species: ['dogs', 'cats', 'exotics'], services: ['Emergency care', 'Critical care', 'Surgery', 'Imaging'], emergency: true },
  { first: 'Daniel', last: 'Reyes', clinic: 'Hill Country Veterinary', zip: '78745', street: '6200 Manchaca Rd', plan: 1, species: ['dogs', 'cats', 'horses'], services: ['Wellness exams', 'Vaccinations', 'Equine care'], emergency: false },
  { first: 'Emily', last: 'Chen', clinic: 'Mission Bay Animal Hospital', zip: '94158', street: '1200 4th St', plan: 2, species: ['dogs', 'cats', 'rabbits'], services: ['Wellness exams', 'Dentistry', 'Behaviour consults'], emergency: false },
  { first: 'Robert', last: 'Kim', clinic: 'Golden Gate Exotic Vets', zip: '94117', street: '850 Haight St', plan: 2, species: ['birds', 'reptiles', 'rabbits', 'exotics'], services: ['Exotic medicine', 'Avian care', 'Surgery'], emergency: false },
  { first: 'Aisha', last: 'Johnson', clinic: 'Lakeview Veterinary Care', zip: '60657', street: '3300 N Broadway', plan: 1, species: ['dogs', 'cats'], services: ['Wellness exams', 'Vaccinations', 'Microchipping'], emergency: false },
  { first: 'Thomas', last: 'Becker', clinic: 'Chicago 24/7 Animal Hospital', zip: '60614', street: '2400 N Clark St', plan: 3, species: ['dogs', 'cats'], services: ['Emergency care', 'Surgery', 'Internal medicine'], emergency: true },
  { first: 'Sofia', last: 'Rossi', clinic: 'Capitol Hill Pet Clinic', zip: '98102', street: '520 Broadway E', plan: 2, species: ['dogs', 'cats'], services: ['Wellness exams', 'Dentistry', 'Nutrition'], emergency: false },
  { first: 'James', last: 'Walker', clinic: 'Denver Family Vet', zip: '80206', street: '2800 E 6th Ave', plan: 1, species: ['dogs', 'cats'], services: ['Wellness exams', 'Vaccinations', 'Spay and neuter'], emergency: false },
  { first: 'Grace', last: 'Okafor', clinic: 'Peachtree Animal Hospital', zip: '30309', street: '1800 Peachtree St NW', plan: 2, species: ['dogs', 'cats', 'rabbits'], services: ['Wellness exams', 'Surgery', 'Dermatology'], emergency: false },
  { first: 'Luis', last: 'Hernandez', clinic: 'Miami Beach Veterinary', zip: '33139', street: '1000 Alton Rd', plan: 1, species: ['dogs', 'cats', 'birds'], services: ['Wellness exams', 'Vaccinations', 'Travel certificates'], emergency: false },
];

const WEEKDAY_HOURS: WorkingDay[] = [
  { day: 'mon', closed: false, open: '08:00', close: '18:00' },
  { day: 'tue', closed: false, open: '08:00', close: '18:00' },
  { day: 'wed', closed: false, open: '08:00', close: '18:00' },
  { day: 'thu', closed: false, open: '08:00', close: '19:00' },
  { day: 'fri', closed: false, open: '08:00', close: '17:00' },
  { day: 'sat', closed: false, open: '09:00', close: '13:00' },
  { day: 'sun', closed: true },
];
const ALWAYS_OPEN: WorkingDay[] = WEEKDAY_HOURS.map((d) => ({ day: d.day, closed: false, open: '00:00', close: '23:59' }));

const TIME_ZONES: Record<string, string> = {
  NY: 'America/New_York', GA: 'America/New_York', FL: 'America/New_York', TX: 'America/Chicago', IL: 'America/Chicago',
  CO: 'America/Denver', CA: 'America/Los_Angeles', WA: 'America/Los_Angeles',
};

export interface DemoResult {
  loaded: boolean;
  adminEmail?: string;
  adminPassword?: string;
}

export async function loadDemoData(db: Db): Promise<DemoResult> {
  const [done] = await db.select().from(appMeta).where(eq(appMeta.key, 'demo_loaded'));
  if (done) return { loaded: false };

  const adminPassword = randomBytes(12).toString('base64url');
  const demoPasswordHash = await hashPassword(randomBytes(24).toString('base64url'));
  const adminHash = await hashPassword(adminPassword);
  const zips = await db.select().from(zipCodes).where(inArray(zipCodes.zip, DEMO_VETS.map((v) => v.zip)));
  const zipByCode = new Map(zips.map((z) => [z.zip, z]));
  const now = new Date();
  const periodEnd = new Date(now.getTime() + 30 * 24 * 3600 * 1000);

  await db.transaction(async (tx) => {
    const [admin] = await tx
      .insert(users)
      .values({ email: DEMO_ADMIN_EMAIL, passwordHash: adminHash, firstName: 'Site', lastName: 'Administrator', verify: true, verifiedAt: now, manageRole: 'admin' })
      .onConflictDoNothing()
      .returning();

    for (const [index, vet] of DEMO_VETS.entries()) {
      const place = zipByCode.get(vet.zip);
      const [user] = await tx
        .insert(users)
        .values({
          email: `${vet.first}.${vet.last}@demo.animaldoctor.local`.toLowerCase(),
          passwordHash: demoPasswordHash,
          firstName: vet.first,
          lastName: vet.last,
          verify: true,
          verifiedAt: now,
          submitAt: now,
          reviewState: 'approved',
          reviewedAt: now,
          reviewedBy: admin?.id ?? null,
        })
        .onConflictDoNothing()
        .returning();
      if (!user) continue;
      await tx.insert(payments).values({ userId: user.id, plan: vet.plan, status: 'active', provider: 'sandbox', email: user.email, customerId: `cus_demo_${user.id}`, currentPeriodEnd: periodEnd });
      await tx.insert(profiles).values({
        userId: user.id,
        clinicName: vet.clinic,
        contactPhone: `(555) 01${String(index).padStart(2, '0')}-${String(2000 + index * 37).slice(0, 4)}`,
        contactEmail: `front-desk+${index}@demo.animaldoctor.local`,
        street: vet.street,
        city: place?.city ?? null,
        state: place?.state ?? null,
        zip: vet.zip,
        latitude: place?.latitude ?? null,
        longitude: place?.longitude ?? null,
        websiteTitle: vet.clinic,
        websiteUrl: null,
        workingTime: vet.emergency ? ALWAYS_OPEN : WEEKDAY_HOURS,
        timeZone: TIME_ZONES[place?.state ?? ''] ?? 'America/New_York',
        summary: `${vet.clinic} is a demo listing on Animal Doctor. Dr. ${vet.first} ${vet.last} and the team care for ${vet.species.join(', ')} with ${vet.services.slice(0, 3).join(', ').toLowerCase()}${vet.emergency ? ', and the hospital is open around the clock for emergencies' : ''}.`,
        education: [{ degree: 'DVM', school: ['Cornell University', 'UC Davis', 'Texas A&M University', 'Colorado State University'][index % 4]!, year: 2005 + (index % 12) }],
        services: vet.services,
        species: vet.species,
        emergency: vet.emergency,
        acceptingNewPatients: index % 3 !== 2,
        acceptingConfirmedAt: now,
        licenseNumber: `DEMO-${1000 + index}`,
        licenseState: place?.state ?? null,
        step1DoneAt: now,
        step2DoneAt: now,
      });
    }

    for (const [index, article] of DEMO_ARTICLES.entries()) {
      const published = new Date(now.getTime() - (index + 1) * 3 * 24 * 3600 * 1000);
      await tx.insert(articles).values({
        kind: article.kind,
        title: article.title,
        author: article.author,
        authorId: admin?.id ?? null,
        contents: sanitizeHtml(article.contents),
        subContent: article.subContent,
        published: true,
        publishedAt: published,
        createdAt: published,
        reviewedBy: article.kind === 'ai' ? (admin?.id ?? null) : null,
      });
    }
    await tx.insert(appMeta).values({ key: 'demo_loaded', value: now.toISOString() });
  });
  return { loaded: true, adminEmail: DEMO_ADMIN_EMAIL, adminPassword };
}
