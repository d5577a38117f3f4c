// Demo reviews (docs/product.md section 13): pet owners' accounts and their reviews of the demo practices,
// so the demo shows what a real directory looks like. The words are hand-written pieces combined by a
// fixed pseudo-random sequence (the same demo every time): varied species and pets, ratings leaning to 4
// and 5 with a few poor ones, replies from some practices, a few verified visits, and three reviews held
// for moderation (a link in the text, a day-old account, three reports). Written in a few statements.
import { completedVisits, reviewReports, reviews, users } from '../schema';
import type { DbOrTx } from '../client';

export const DEMO_OWNER_DOMAIN = 'owners.demo.animaldoctor.local';

export interface DemoPractice {
  id: number;
  last: string;
  species: string[];
}

const OWNERS: [string, string][] = [
  ['Hannah', 'Brooks'],
  ['Marcus', 'Lee'],
  ['Sofia', 'Romero'],
  ['James', 'Walker'],
  ['Aisha', 'Khan'],
  ['Tyler', 'Nguyen'],
  ['Olivia', 'Bennett'],
  ['Diego', 'Morales'],
  ['Grace', 'Kim'],
  ['Ethan', 'Price'],
  ['Lena', 'Fischer'],
  ['Noah', 'Patel'],
  ['Chloe', 'Dubois'],
  ['Samuel', 'Okafor'],
  ['Mia', 'Russo'],
  ['Ben', 'Carter'],
  ['Zoe', 'Hughes'],
  ['Omar', 'Haddad'],
  ['Ruby', 'Sullivan'],
  ['Leo', 'Schwartz'],
  ['Ava', 'Murphy'],
  ['Isaac', 'Cohen'],
  ['Nina', 'Petrova'],
  ['Carlos', 'Vega'],
  ['Emma', 'Lindqvist'],
  ['Jamal', 'Wright'],
  ['Yuki', 'Tanaka'],
  ['Rosa', 'Delgado'],
  ['Owen', 'Gallagher'],
  ['Priya', 'Shah'],
  ['Lucas', 'Martin'],
  ['Ella', 'Novak'],
  ['Henry', 'Adams'],
  ['Fatima', 'Ali'],
  ['Jack', 'Turner'],
  ['Maya', 'Goldberg'],
  ['Daniel', 'Park'],
  ['Sara', 'Lund'],
  ['Victor', 'Ortiz'],
  ['Ivy', 'Chang'],
  ['Caleb', 'Foster'],
  ['Amara', 'Eze'],
  ['Theo', 'Marsh'],
  ['Lily', 'Moreau'],
  ['Gabe', 'Santos'],
  ['Nora', 'Quinn'],
  ['Ari', 'Levy'],
  ['June', 'Harper'],
];

/** What an owner brings, by the species a practice lists, with pets' names. */
const ANIMALS: Record<string, { species: string; names: string[] }[]> = {
  dogs: [
    { species: 'dog', names: ['Biscuit', 'Luna', 'Max', 'Rosie', 'Bear', 'Pepper'] },
    { species: 'dog', names: ['Cooper', 'Daisy', 'Milo', 'Hazel'] },
  ],
  cats: [{ species: 'cat', names: ['Mochi', 'Oliver', 'Cleo', 'Jasper', 'Willow', 'Nala'] }],
  rabbits: [{ species: 'rabbit', names: ['Clover', 'Thumper', 'Juniper'] }],
  birds: [{ species: 'parrot', names: ['Kiwi', 'Mango', 'Sunny'] }],
  reptiles: [{ species: 'bearded dragon', names: ['Spike', 'Ziggy'] }],
  exotics: [{ species: 'ferret', names: ['Noodle', 'Bandit'] }],
  horses: [{ species: 'horse', names: ['Dakota', 'Maple'] }],
};

const TITLES: Record<number, string[]> = {
  5: [
    'Wonderful with our nervous {pet}',
    'The best vet we have had',
    'Caring, thorough and on time',
    'Went above and beyond',
    'Gentle and patient every visit',
    'We trust them completely',
  ],
  4: ['Very good care, a short wait', 'Great doctor, busy front desk', 'Thorough and kind', 'Good experience overall', 'Solid care for {pet}'],
  3: ['Good care, but pricey', 'Fine visit, hard to book', 'Mixed feelings', 'Decent care, long wait'],
  2: ['Felt rushed', 'Not what we hoped for', 'Long wait, little explanation'],
  1: ['Disappointing visit', 'Would not go back'],
};

const OPENINGS: Record<'good' | 'mixed' | 'poor', string[]> = {
  good: [
    'We brought {pet}, our {age} {species}, in for {reason}.',
    'Dr. {doctor} saw {pet} for {reason} last {season}.',
    'First visit here with {pet} ({species}, {age}) for {reason}.',
    'We have been coming here for a few years; this time {pet} came in for {reason}.',
  ],
  mixed: ['We took {pet}, our {age} {species}, in for {reason}.', 'Booked a visit for {pet}: {reason}.'],
  poor: ['We came in with {pet}, our {age} {species}, for {reason}.', 'Our {species} {pet} was seen here for {reason}.'],
};

const MIDDLES: Record<number, string[]> = {
  5: [
    'Dr. {doctor} got down on the floor to say hello before the exam and explained every step.',
    'The nurse remembered {pet} by name and the doctor called the next day to check on us.',
    'They walked us through the options with prices up front, with no pressure to pick the most expensive one.',
    'Everything was explained twice without us asking, and the written notes were clear.',
    '{pet} usually hates vets, but the team went slowly and used treats the whole time.',
  ],
  4: [
    'The exam was thorough and Dr. {doctor} answered all our questions.',
    'We waited about twenty minutes past our time, but the care itself was excellent.',
    'The doctor was great; the front desk seemed stretched and the phone line was busy.',
    'Clear advice and a sensible plan, though the follow-up took a few days to arrange.',
  ],
  3: [
    'The care seemed fine, but the bill was higher than the estimate we were given.',
    'Dr. {doctor} was kind, but it took two weeks to get an appointment.',
    'The visit itself was quick; we left with more questions than answers.',
  ],
  2: ['The exam felt hurried and nobody explained the test results until we called twice.', 'We waited almost an hour and the doctor seemed distracted.'],
  1: [
    'We were charged for tests we did not agree to, and no one returned our calls about it.',
    'The visit was rushed and {pet} was no better afterwards; we had to go elsewhere.',
  ],
};

const CLOSINGS: Record<number, string[]> = {
  5: ['{pet} is doing great now. Highly recommended.', 'We will not go anywhere else.', 'Thank you to the whole team!', 'Worth every minute of the drive.'],
  4: ['Would recommend.', 'We will be back for the next check-up.', 'Good practice overall.'],
  3: ['Might try them again for routine care.', 'Okay, but ask for a written estimate.'],
  2: ['Hope they improve.', 'We are looking for another practice.'],
  1: ['Very disappointed.', 'Please think twice.'],
};

const REASONS = [
  'a yearly check-up',
  'vaccinations',
  'a limp that would not go away',
  'an upset stomach',
  'a dental cleaning',
  'an ear infection',
  'itchy skin',
  'a lump we had noticed',
  'weight loss',
  'a broken nail',
];
const AGES = ['young', 'two-year-old', 'five-year-old', 'senior', 'rescue', 'eight-year-old'];
const SEASONS = ['spring', 'summer', 'autumn', 'winter'];

const GOOD_REPLIES = [
  'Thank you for the kind words! Give {pet} a scratch from all of us.',
  'We are so glad {pet} is feeling better. See you at the next check-up.',
  'Thank you for trusting us with {pet}. It was a pleasure to meet you both.',
];
const POOR_REPLIES = [
  'We are sorry your visit fell short. Please call our practice manager so we can look into the bill with you.',
  'Thank you for telling us. We have changed how we book follow-ups so waits like this do not happen again.',
  'We are sorry to hear this. We would like to talk it through; please ask for the practice manager at the front desk.',
];

/** A fixed pseudo-random sequence (the same demo every time). */
function sequence(seed: number) {
  let state = seed >>> 0 || 1;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]! };
}

/** Stars leaning the way real reviews do: mostly 4 and 5, some 3, a few 1 and 2. */
function stars(roll: number): number {
  if (roll < 0.05) return 1;
  if (roll < 0.11) return 2;
  if (roll < 0.25) return 3;
  if (roll < 0.55) return 4;
  return 5;
}

const fill = (text: string, words: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, key: string) => words[key] ?? key);

export interface DemoReviewsResult {
  owners: number;
  reviews: number;
  pending: number;
}

export async function loadDemoReviews(tx: DbOrTx, options: { practices: DemoPractice[]; passwordHash: string; now: Date }): Promise<DemoReviewsResult> {
  const { practices, now } = options;
  if (practices.length === 0) return { owners: 0, reviews: 0, pending: 0 };
  const DAY = 86_400_000;
  const random = sequence(2025);
  const ownerRows = await tx
    .insert(users)
    .values([
      ...OWNERS.map(([first, last], index) => ({
        email: `${first}.${last}@${DEMO_OWNER_DOMAIN}`.toLowerCase(),
        passwordHash: options.passwordHash,
        firstName: first,
        lastName: last,
        verify: true,
        verifiedAt: new Date(now.getTime() - (400 + index * 3) * DAY),
        accountType: 'owner' as const,
        createdAt: new Date(now.getTime() - (400 + index * 3) * DAY),
      })),
      // Signed up a few hours ago: its review waits for an administrator.
      {
        email: `new.owner@${DEMO_OWNER_DOMAIN}`,
        passwordHash: options.passwordHash,
        firstName: 'Riley',
        lastName: 'Fresh',
        verify: true,
        verifiedAt: new Date(now.getTime() - 3 * 3_600_000),
        accountType: 'owner' as const,
        createdAt: new Date(now.getTime() - 4 * 3_600_000),
      },
    ])
    .onConflictDoNothing()
    .returning({ id: users.id, email: users.email });
  const owners = ownerRows.filter((row) => row.email !== `new.owner@${DEMO_OWNER_DOMAIN}`).map((row) => row.id);
  const newcomer = ownerRows.find((row) => row.email === `new.owner@${DEMO_OWNER_DOMAIN}`)?.id;
  if (owners.length < 12) return { owners: ownerRows.length, reviews: 0, pending: 0 };

  const rows: (typeof reviews.$inferInsert)[] = [];
  const visits: (typeof completedVisits.$inferInsert)[] = [];
  for (const [p, practice] of practices.entries()) {
    // Between 3 and 12 reviews; the first practices (the ones the journeys open) have the most.
    const howMany = p < 3 ? 12 : 3 + Math.floor(random.next() * 9);
    for (let k = 0; k < howMany; k++) {
      const authorId = owners[(p * 7 + k * 11) % owners.length]!;
      const rating = stars(random.next());
      const mood = rating >= 4 ? 'good' : rating === 3 ? 'mixed' : 'poor';
      const kinds = practice.species.flatMap((s) => ANIMALS[s] ?? []);
      const animal = random.pick(kinds.length ? kinds : ANIMALS.dogs!);
      const pet = random.pick(animal.names);
      const words = { pet, species: animal.species, doctor: practice.last, age: random.pick(AGES), reason: random.pick(REASONS), season: random.pick(SEASONS) };
      const createdAt = new Date(now.getTime() - Math.floor((k * 40 + random.next() * 35 + 2) * DAY));
      const visit = new Date(createdAt.getTime() - Math.floor(random.next() * 20) * DAY);
      const replied = rating <= 2 ? p % 2 === 0 : random.next() < 0.2;
      const replyAt = new Date(createdAt.getTime() + Math.floor(1 + random.next() * 3) * DAY);
      const verified = random.next() < 0.3;
      if (verified) visits.push({ ownerId: authorId, doctorId: practice.id, completedAt: visit });
      rows.push({
        doctorId: practice.id,
        authorId,
        rating,
        title: fill(random.pick(TITLES[rating]!), words),
        text: [random.pick(OPENINGS[mood]), random.pick(MIDDLES[rating]!), random.pick(CLOSINGS[rating]!)].map((part) => fill(part, words)).join(' '),
        visitMonth: visit.toISOString().slice(0, 7),
        species: animal.species,
        state: 'published',
        verifiedVisit: verified,
        replyText: replied ? fill(random.pick(rating <= 2 ? POOR_REPLIES : GOOD_REPLIES), words) : null,
        replyCreatedAt: replied ? replyAt : null,
        replyUpdatedAt: replied ? replyAt : null,
        createdAt,
        updatedAt: createdAt,
      });
    }
  }

  // Three held for moderation, on the first practice (whose owners above never include these authors).
  const first = practices[0]!;
  const heldAuthors = [owners[owners.length - 1]!, owners[owners.length - 2]!];
  const held: (typeof reviews.$inferInsert)[] = [
    {
      doctorId: first.id,
      authorId: heldAuthors[0]!,
      rating: 5,
      title: 'Great clinic, and a coupon',
      text: `Dr. ${first.last} was great with our dog. Get 20% off your first visit at www.pet-coupons-daily.biz today!`,
      visitMonth: new Date(now.getTime() - 10 * DAY).toISOString().slice(0, 7),
      species: 'dog',
      state: 'pending',
      holdReason: 'The review contains a link.',
      createdAt: new Date(now.getTime() - 2 * DAY),
      updatedAt: new Date(now.getTime() - 2 * DAY),
    },
    {
      doctorId: first.id,
      authorId: heldAuthors[1]!,
      rating: 1,
      title: 'Terrible, avoid',
      text: 'They are the worst in the city and everybody knows it. Do not waste your money here, go anywhere else.',
      visitMonth: new Date(now.getTime() - 40 * DAY).toISOString().slice(0, 7),
      species: 'cat',
      state: 'pending',
      holdReason: 'Reported by 3 accounts.',
      reportCount: 3,
      createdAt: new Date(now.getTime() - 6 * DAY),
      updatedAt: new Date(now.getTime() - 6 * DAY),
    },
  ];
  if (newcomer)
    held.push({
      doctorId: first.id,
      authorId: newcomer,
      rating: 4,
      title: 'Quick help on a Sunday',
      text: 'Our puppy ate a sock and they saw us within the hour. Clear instructions and a fair bill.',
      visitMonth: now.toISOString().slice(0, 7),
      species: 'dog',
      state: 'pending',
      holdReason: 'The account is less than a day old.',
      createdAt: new Date(now.getTime() - 2 * 3_600_000),
      updatedAt: new Date(now.getTime() - 2 * 3_600_000),
    });
  // NOTE: the held authors may have reviewed the first practice above; one review per account and practice.
  const taken = new Set(rows.filter((row) => row.doctorId === first.id).map((row) => row.authorId));
  const heldRows = held.filter((row) => !taken.has(row.authorId));

  const inserted = await tx
    .insert(reviews)
    .values([...rows, ...heldRows])
    .onConflictDoNothing()
    .returning({ id: reviews.id, state: reviews.state, holdReason: reviews.holdReason, authorId: reviews.authorId });
  if (visits.length) await tx.insert(completedVisits).values(visits).onConflictDoNothing();
  const reported = inserted.find((row) => row.holdReason === 'Reported by 3 accounts.');
  if (reported) {
    const reporters = owners.filter((id) => id !== reported.authorId).slice(0, 3);
    await tx.insert(reviewReports).values(
      reporters.map((reporterId, index) => ({
        reviewId: reported.id,
        reporterId,
        reason: ['This is not a real visit.', 'Reads like a competitor wrote it.', 'Insulting, and no details of any visit.'][index]!,
        createdAt: new Date(now.getTime() - (5 - index) * DAY),
      })),
    );
  }
  return { owners: ownerRows.length, reviews: inserted.length, pending: inserted.filter((row) => row.state === 'pending').length };
}
