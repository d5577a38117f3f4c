// Demo content for a fresh installation (docs/product.md, The product): one administrator, approved demo
// practices with paid plans, and published articles. Runs once per database (app_meta 'demo_loaded').
import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { appMeta, articles, payments, profiles, users, zipCodes, type WorkingDay } from '../schema';
import { hashPassword } from '../../lib/password';
import { sanitizeArticleHtml } from '../../plugins/app/articles/article-html';
import { DEMO_ARTICLES, DEMO_AUTHOR_AVATARS } from './demo-articles';
import { storeInitialsAvatar } from './demo-avatars';
import { loadDemoStageVets, type StageVetsResult } from './demo-stages';
import { loadDemoReviews, type DemoPractice, type DemoReviewsResult } from './demo-reviews';
import { databaseStorage } from '../../storage/database-storage';

export const DEMO_ADMIN_EMAIL = 'admin@animaldoctor.local';

interface DemoVet {
  first: string;
  last: string;
  clinic: string;
  zip: string;
  street: string;
  /** The city's real area code; the number itself is in the 555-01xx range kept for fiction. */
  area: string;
  plan: 1 | 2 | 3;
  species: string[];
  services: string[];
  emergency: boolean;
  /** What the practice is known for, opening its summary. */
  about: string;
  hours?: 'weekday' | 'late' | 'always';
  residency?: { degree: string; school: string };
}

// The first twelve keep their order: the browser journeys rely on them (Chelsea Animal Clinic as
// the Premium practice near 10001, two practices in Austin). The rest stay outside those areas.
const DEMO_VETS: DemoVet[] = [
  {
    first: 'Maria',
    last: 'Alvarez',
    clinic: 'Chelsea Animal Clinic',
    zip: '10011',
    street: '214 W 16th St',
    area: '212',
    plan: 3,
    species: ['dogs', 'cats'],
    services: ['Wellness exams', 'Vaccinations', 'Dentistry', 'Surgery'],
    emergency: false,
    about: 'A neighbourhood practice with unhurried 30-minute appointments and an in-house dental suite with digital X-rays.',
    hours: 'late',
  },
  {
    first: 'Kevin',
    last: 'Osei',
    clinic: 'Brooklyn Cat Hospital',
    zip: '11215',
    street: '410 7th Ave',
    area: '718',
    plan: 2,
    species: ['cats'],
    services: ['Feline medicine', 'Dentistry', 'Senior care'],
    emergency: false,
    about: 'A cats-only hospital with separate quiet wards and Cat Friendly Clinic handling, so visits stay calm.',
    residency: { degree: 'Feline practice residency', school: 'Cornell University' },
  },
  {
    first: 'Priya',
    last: 'Natarajan',
    clinic: 'Austin Pet Emergency Center',
    zip: '78704',
    street: '1500 S Lamar Blvd',
    area: '512',
    plan: 3,
    species: ['dogs', 'cats', 'exotics'],
    services: ['Emergency care', 'Critical care', 'Surgery', 'Imaging'],
    emergency: true,
    about: 'A 24-hour emergency and critical care hospital with a board-certified criticalist on call every night.',
    hours: 'always',
    residency: { degree: 'Emergency and critical care residency', school: 'Texas A&M University' },
  },
  {
    first: 'Daniel',
    last: 'Reyes',
    clinic: 'Hill Country Veterinary',
    zip: '78745',
    street: '6200 Manchaca Rd',
    area: '512',
    plan: 1,
    species: ['dogs', 'cats', 'horses'],
    services: ['Wellness exams', 'Vaccinations', 'Equine care'],
    emergency: false,
    about: 'A mixed practice that sees small animals in the clinic and horses on farm calls across Travis County.',
  },
  {
    first: 'Emily',
    last: 'Chen',
    clinic: 'Mission Bay Animal Hospital',
    zip: '94158',
    street: '1200 4th St',
    area: '415',
    plan: 2,
    species: ['dogs', 'cats', 'rabbits'],
    services: ['Wellness exams', 'Dentistry', 'Behaviour consults'],
    emergency: false,
    about: 'A fear-free certified hospital that pairs medical care with behaviour consults for anxious pets.',
    hours: 'late',
  },
  {
    first: 'Robert',
    last: 'Kim',
    clinic: 'Golden Gate Exotic Vets',
    zip: '94117',
    street: '850 Haight St',
    area: '415',
    plan: 2,
    species: ['birds', 'reptiles', 'rabbits', 'exotics'],
    services: ['Exotic medicine', 'Avian care', 'Surgery'],
    emergency: false,
    about: 'Care for birds, reptiles and small mammals, with heated wards and species-specific anaesthesia.',
    residency: { degree: 'Avian and exotic residency', school: 'UC Davis' },
  },
  {
    first: 'Aisha',
    last: 'Johnson',
    clinic: 'Lakeview Veterinary Care',
    zip: '60657',
    street: '3300 N Broadway',
    area: '773',
    plan: 1,
    species: ['dogs', 'cats'],
    services: ['Wellness exams', 'Vaccinations', 'Microchipping'],
    emergency: false,
    about: 'A family practice focused on preventive care, with puppy and kitten packages for the first year.',
  },
  {
    first: 'Thomas',
    last: 'Becker',
    clinic: 'Chicago 24/7 Animal Hospital',
    zip: '60614',
    street: '2400 N Clark St',
    area: '312',
    plan: 3,
    species: ['dogs', 'cats'],
    services: ['Emergency care', 'Surgery', 'Internal medicine'],
    emergency: true,
    about: 'A round-the-clock hospital with surgery, intensive care and an internal medicine service for referrals.',
    hours: 'always',
  },
  {
    first: 'Sofia',
    last: 'Rossi',
    clinic: 'Capitol Hill Pet Clinic',
    zip: '98102',
    street: '520 Broadway E',
    area: '206',
    plan: 2,
    species: ['dogs', 'cats'],
    services: ['Wellness exams', 'Dentistry', 'Nutrition'],
    emergency: false,
    about: 'A small-animal clinic known for its nutrition counselling and weight-management programme.',
  },
  {
    first: 'James',
    last: 'Walker',
    clinic: 'Denver Family Vet',
    zip: '80206',
    street: '2800 E 6th Ave',
    area: '303',
    plan: 1,
    species: ['dogs', 'cats'],
    services: ['Wellness exams', 'Vaccinations', 'Spay and neuter'],
    emergency: false,
    about: 'A practice with clear, itemised estimates and low-cost spay and neuter days every month.',
  },
  {
    first: 'Grace',
    last: 'Okafor',
    clinic: 'Peachtree Animal Hospital',
    zip: '30309',
    street: '1800 Peachtree St NW',
    area: '404',
    plan: 2,
    species: ['dogs', 'cats', 'rabbits'],
    services: ['Wellness exams', 'Surgery', 'Dermatology'],
    emergency: false,
    about: 'A full-service hospital with a dermatology service for itchy skin, ear infections and allergies.',
    hours: 'late',
  },
  {
    first: 'Luis',
    last: 'Hernandez',
    clinic: 'Miami Beach Veterinary',
    zip: '33139',
    street: '1000 Alton Rd',
    area: '305',
    plan: 1,
    species: ['dogs', 'cats', 'birds'],
    services: ['Wellness exams', 'Vaccinations', 'Travel certificates'],
    emergency: false,
    about: 'A bilingual (English and Spanish) practice that issues USDA-endorsed travel certificates.',
  },
  {
    first: 'Hannah',
    last: 'Sullivan',
    clinic: 'Back Bay Veterinary Associates',
    zip: '02116',
    street: '45 Dartmouth St',
    area: '617',
    plan: 2,
    species: ['dogs', 'cats'],
    services: ['Wellness exams', 'Cardiology', 'Ultrasound'],
    emergency: false,
    about: 'A general practice with a visiting cardiologist and in-house echocardiography.',
    residency: { degree: 'Cardiology residency', school: 'Tufts University' },
  },
  {
    first: 'Marcus',
    last: 'Bell',
    clinic: 'Rittenhouse Pet Hospital',
    zip: '19103',
    street: '1900 Walnut St',
    area: '215',
    plan: 3,
    species: ['dogs', 'cats'],
    services: ['Wellness exams', 'Surgery', 'Orthopaedics', 'Rehabilitation'],
    emergency: false,
    about: 'Orthopaedic surgery and an underwater treadmill for rehabilitation after injury or surgery.',
    hours: 'late',
    residency: { degree: 'Small animal surgery residency', school: 'University of Pennsylvania' },
  },
  {
    first: 'Olivia',
    last: 'Park',
    clinic: 'Hawthorne Animal Clinic',
    zip: '97214',
    street: '3500 SE Hawthorne Blvd',
    area: '503',
    plan: 1,
    species: ['dogs', 'cats', 'rabbits'],
    services: ['Wellness exams', 'Vaccinations', 'Acupuncture'],
    emergency: false,
    about: 'A low-stress clinic that offers acupuncture alongside conventional pain management.',
  },
  {
    first: 'Diego',
    last: 'Morales',
    clinic: 'Desert Paws Animal Hospital',
    zip: '85004',
    street: '700 N Central Ave',
    area: '602',
    plan: 2,
    species: ['dogs', 'cats'],
    services: ['Wellness exams', 'Surgery', 'Valley fever testing'],
    emergency: false,
    about: 'A downtown Phoenix hospital experienced with valley fever and summer heat injuries.',
  },
  {
    first: 'Rachel',
    last: 'Goldberg',
    clinic: 'Music Row Veterinary Clinic',
    zip: '37203',
    street: '1600 Division St',
    area: '615',
    plan: 1,
    species: ['dogs', 'cats'],
    services: ['Wellness exams', 'Vaccinations', 'Dentistry'],
    emergency: false,
    about: 'A friendly neighbourhood clinic with early drop-off for owners who work office hours.',
  },
  {
    first: 'Erik',
    last: 'Lindqvist',
    clinic: 'Uptown Minneapolis Animal Hospital',
    zip: '55408',
    street: '2900 Hennepin Ave',
    area: '612',
    plan: 2,
    species: ['dogs', 'cats', 'birds'],
    services: ['Wellness exams', 'Surgery', 'Avian care'],
    emergency: false,
    about: 'A hospital with an avian service and winter-care advice for paws, salt and cold.',
  },
  {
    first: 'Natalie',
    last: 'Cruz',
    clinic: 'North Park Pet Emergency',
    zip: '92104',
    street: '3000 University Ave',
    area: '619',
    plan: 3,
    species: ['dogs', 'cats', 'exotics'],
    services: ['Emergency care', 'Critical care', 'Toxicology'],
    emergency: true,
    about: 'A 24-hour emergency hospital that sees exotic pets as well as dogs and cats.',
    hours: 'always',
  },
  {
    first: 'Andre',
    last: 'Washington',
    clinic: 'Montrose Veterinary Clinic',
    zip: '77006',
    street: '1400 Westheimer Rd',
    area: '713',
    plan: 1,
    species: ['dogs', 'cats'],
    services: ['Wellness exams', 'Vaccinations', 'Heartworm prevention'],
    emergency: false,
    about: 'A preventive-care clinic with a year-round heartworm and flea programme for the Gulf Coast climate.',
  },
  {
    first: 'Megan',
    last: 'Larsen',
    clinic: 'Wasatch Companion Animal Hospital',
    zip: '84102',
    street: '900 E 400 S',
    area: '801',
    plan: 2,
    species: ['dogs', 'cats', 'rabbits'],
    services: ['Wellness exams', 'Surgery', 'Sports medicine'],
    emergency: false,
    about: 'Sports medicine for working and hiking dogs, with conditioning plans for trail season.',
  },
  {
    first: 'Samuel',
    last: 'Brooks',
    clinic: 'Oakwood Animal Hospital',
    zip: '27605',
    street: '600 Oberlin Rd',
    area: '919',
    plan: 1,
    species: ['dogs', 'cats'],
    services: ['Wellness exams', 'Vaccinations', 'Senior care'],
    emergency: false,
    about: 'A general practice with senior wellness screening and comfort-focused end-of-life care.',
  },
  {
    first: 'Lauren',
    last: 'Fischer',
    clinic: 'Short North Veterinary Care',
    zip: '43215',
    street: '800 N High St',
    area: '614',
    plan: 2,
    species: ['dogs', 'cats'],
    services: ['Wellness exams', 'Dentistry', 'Dermatology'],
    emergency: false,
    about: 'A modern clinic with online booking and same-day appointments for sick pets.',
    hours: 'late',
  },
  {
    first: 'Julien',
    last: 'Broussard',
    clinic: 'Magazine Street Animal Clinic',
    zip: '70115',
    street: '4300 Magazine St',
    area: '504',
    plan: 3,
    species: ['dogs', 'cats', 'birds', 'reptiles'],
    services: ['Wellness exams', 'Surgery', 'Exotic medicine', 'Hurricane preparedness plans'],
    emergency: false,
    about: 'A long-standing clinic that helps families plan for pets in hurricane season, and treats birds and reptiles.',
  },
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
const LATE_HOURS: WorkingDay[] = [
  { day: 'mon', closed: false, open: '07:30', close: '20:00' },
  { day: 'tue', closed: false, open: '07:30', close: '20:00' },
  { day: 'wed', closed: false, open: '07:30', close: '20:00' },
  { day: 'thu', closed: false, open: '07:30', close: '20:00' },
  { day: 'fri', closed: false, open: '07:30', close: '18:00' },
  { day: 'sat', closed: false, open: '09:00', close: '16:00' },
  { day: 'sun', closed: false, open: '10:00', close: '14:00' },
];
const ALWAYS_OPEN: WorkingDay[] = WEEKDAY_HOURS.map((d) => ({ day: d.day, closed: false, open: '00:00', close: '23:59' }));
const HOURS = { weekday: WEEKDAY_HOURS, late: LATE_HOURS, always: ALWAYS_OPEN };

const TIME_ZONES: Record<string, string> = {
  NY: 'America/New_York',
  GA: 'America/New_York',
  FL: 'America/New_York',
  MA: 'America/New_York',
  PA: 'America/New_York',
  NC: 'America/New_York',
  OH: 'America/New_York',
  TX: 'America/Chicago',
  IL: 'America/Chicago',
  TN: 'America/Chicago',
  MN: 'America/Chicago',
  LA: 'America/Chicago',
  CO: 'America/Denver',
  UT: 'America/Denver',
  AZ: 'America/Phoenix',
  CA: 'America/Los_Angeles',
  WA: 'America/Los_Angeles',
  OR: 'America/Los_Angeles',
};

const SCHOOLS = [
  'Cornell University',
  'UC Davis',
  'Texas A&M University',
  'Colorado State University',
  'University of Pennsylvania',
  'North Carolina State University',
  'Ohio State University',
  'University of Minnesota',
];

function listed(items: string[]): string {
  return items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : (items[0] ?? '');
}

function summaryOf(vet: DemoVet): string {
  const species = listed(vet.species);
  const services = listed(vet.services.slice(0, 3)).toLowerCase();
  return `${vet.about} Dr. ${vet.first} ${vet.last} and the team care for ${species}, offering ${services}.${vet.emergency ? ' Walk-in emergencies are seen at any hour.' : ''} This is a demo listing.`;
}

export interface DemoResult {
  loaded: boolean;
  adminEmail?: string;
  /** Set only when this call created the administrator; it is stored nowhere in plain text. */
  adminPassword?: string;
  practices?: number;
  articles?: number;
  /** Vets at every stage of onboarding (no plan, draft, in review, rejected, approved) and their shared password. */
  stageVets?: StageVetsResult;
  /** Pet owners' accounts and their reviews of the demo practices (docs/product.md section 13). */
  reviews?: DemoReviewsResult;
}

/** Loads the demo content once per database (app_meta 'demo_loaded'); later calls do nothing. */
export async function loadDemoData(db: DbOrTx): Promise<DemoResult> {
  const [done] = await db.select().from(appMeta).where(eq(appMeta.key, 'demo_loaded'));
  if (done) return { loaded: false };

  const adminPassword = randomBytes(12).toString('base64url');
  // Demo practices get one shared random password nobody knows: they are listings, not accounts to use.
  const stagePassword = randomBytes(9).toString('base64url');
  const [adminHash, demoPasswordHash, stagePasswordHash] = await Promise.all([
    hashPassword(adminPassword),
    hashPassword(randomBytes(24).toString('base64url')),
    hashPassword(stagePassword),
  ]);
  const zips = await db
    .select()
    .from(zipCodes)
    .where(
      inArray(
        zipCodes.zip,
        DEMO_VETS.map((v) => v.zip),
      ),
    );
  const zipByCode = new Map(zips.map((z) => [z.zip, z]));
  const now = new Date();
  const periodEnd = new Date(now.getTime() + 30 * 24 * 3600 * 1000);

  return db.transaction(async (tx) => {
    // The claim row first: a second process racing on the same PostgreSQL stops here instead of
    // loading everything twice (its insert waits, then fails on the primary key and rolls back).
    const claimed = await tx.insert(appMeta).values({ key: 'demo_loaded', value: now.toISOString() }).onConflictDoNothing().returning();
    if (claimed.length === 0) return { loaded: false };

    // An administrator made earlier with create-admin keeps its password; it is only reused as reviewer.
    const [created] = await tx
      .insert(users)
      .values({
        email: DEMO_ADMIN_EMAIL,
        passwordHash: adminHash,
        firstName: 'Site',
        lastName: 'Administrator',
        verify: true,
        verifiedAt: now,
        manageRole: 'admin',
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    const [existing] = created ? [created] : await tx.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ADMIN_EMAIL));
    const adminId = existing?.id ?? null;

    const storage = databaseStorage(tx);
    let practices = 0;
    const reviewed: DemoPractice[] = [];
    for (const [index, vet] of DEMO_VETS.entries()) {
      const place = zipByCode.get(vet.zip);
      // Without the zip data set a practice could not be found by distance: leave it out.
      if (!place) continue;
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
          reviewedBy: adminId,
        })
        .onConflictDoNothing()
        .returning();
      if (!user) continue;
      await tx.insert(payments).values({
        userId: user.id,
        plan: vet.plan,
        status: 'active',
        provider: 'sandbox',
        email: user.email,
        customerId: `cus_demo_${user.id}`,
        subscriptionId: `sub_demo_${user.id}`,
        currentPeriodEnd: periodEnd,
      });
      const school = SCHOOLS[index % SCHOOLS.length]!;
      const graduated = 2003 + (index % 14);
      const avatar = await storeInitialsAvatar(storage, user.id, vet.first, vet.last, index);
      await tx.insert(profiles).values({
        userId: user.id,
        avatarUrl: avatar.url,
        avatarKey: avatar.key,
        clinicName: vet.clinic,
        contactPhone: `(${vet.area}) 555-01${String(index + 10).padStart(2, '0')}`,
        contactEmail: `front-desk+${index}@demo.animaldoctor.local`,
        street: vet.street,
        city: place.city,
        state: place.state,
        zip: vet.zip,
        latitude: place.latitude,
        longitude: place.longitude,
        websiteTitle: vet.clinic,
        websiteUrl: null,
        workingTime: HOURS[vet.hours ?? 'weekday'],
        timeZone: TIME_ZONES[place.state] ?? 'America/New_York',
        summary: summaryOf(vet),
        education: [
          { degree: 'Doctor of Veterinary Medicine (DVM)', school, year: graduated },
          ...(vet.residency ? [{ ...vet.residency, year: graduated + 4 }] : []),
        ],
        services: vet.services,
        species: vet.species,
        emergency: vet.emergency,
        acceptingNewPatients: index % 3 !== 2,
        acceptingConfirmedAt: now,
        licenseNumber: `DEMO-${1000 + index}`,
        licenseState: place.state,
        step1DoneAt: now,
        step2DoneAt: now,
      });
      practices++;
      reviewed.push({ id: user.id, last: vet.last, species: vet.species });
    }
    const demoReviews = await loadDemoReviews(tx, { practices: reviewed, passwordHash: demoPasswordHash, now });

    for (const [index, article] of DEMO_ARTICLES.entries()) {
      const published = new Date(now.getTime() - (index + 1) * 3 * 24 * 3600 * 1000);
      await tx.insert(articles).values({
        kind: article.kind,
        title: article.title,
        author: article.author,
        avatar: DEMO_AUTHOR_AVATARS[article.author] ?? null,
        authorId: adminId,
        imgUrl: article.image,
        imgAlt: article.imageAlt,
        contents: sanitizeArticleHtml(article.contents),
        subContent: article.subContent,
        published: true,
        publishedAt: published,
        createdAt: published,
        updatedAt: published,
        reviewedBy: article.kind === 'ai' ? adminId : null,
        aiTopic: article.kind === 'ai' ? article.title : null,
      });
    }
    const stageVets = await loadDemoStageVets(tx, { storage, passwordHash: stagePasswordHash, password: stagePassword, adminId, now, periodEnd });
    return {
      loaded: true,
      adminEmail: DEMO_ADMIN_EMAIL,
      adminPassword: created ? adminPassword : undefined,
      practices,
      articles: DEMO_ARTICLES.length,
      stageVets,
      reviews: demoReviews,
    };
  });
}
