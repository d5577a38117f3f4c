// Writes server/db/seed/demo-practices.csv: fictitious practices around the 30 largest US metros, at real
// zip codes of the zip data set, in the import file's format (docs/product.md section 20). Deterministic:
// the same data set gives the same file byte for byte. Run: npx tsx scripts/generate-demo-practices.ts
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { usZipRows, type ZipRow } from '../server/db/seed/zip-codes';
import { SERVICES, SPECIES } from '../shared/constants/services';
import { toCsv } from '../shared/csv';
import { IMPORT_COLUMNS } from '../shared/constants/import';
import { projectRoot } from '../server/lib/project-root';
import { DEMO_PRACTICES_FILE } from '../server/db/seed/demo-practices';

/** A metro's centre zip, its area code and how many practices it gets. */
const METROS: { name: string; zip: string; area: string; count: number }[] = [
  { name: 'New York', zip: '10001', area: '212', count: 260 },
  { name: 'Los Angeles', zip: '90012', area: '213', count: 240 },
  { name: 'Chicago', zip: '60602', area: '312', count: 200 },
  { name: 'Dallas', zip: '75201', area: '214', count: 160 },
  { name: 'Houston', zip: '77002', area: '713', count: 160 },
  { name: 'Washington', zip: '20001', area: '202', count: 150 },
  { name: 'Philadelphia', zip: '19103', area: '215', count: 150 },
  { name: 'Miami', zip: '33130', area: '305', count: 150 },
  { name: 'Atlanta', zip: '30303', area: '404', count: 140 },
  { name: 'Boston', zip: '02108', area: '617', count: 140 },
  { name: 'Phoenix', zip: '85004', area: '602', count: 130 },
  { name: 'San Francisco', zip: '94102', area: '415', count: 130 },
  { name: 'Riverside', zip: '92501', area: '951', count: 100 },
  { name: 'Detroit', zip: '48226', area: '313', count: 110 },
  { name: 'Seattle', zip: '98101', area: '206', count: 120 },
  { name: 'Minneapolis', zip: '55401', area: '612', count: 110 },
  { name: 'San Diego', zip: '92101', area: '619', count: 110 },
  { name: 'Tampa', zip: '33602', area: '813', count: 100 },
  { name: 'Denver', zip: '80202', area: '303', count: 110 },
  { name: 'Baltimore', zip: '21201', area: '410', count: 90 },
  { name: 'St. Louis', zip: '63101', area: '314', count: 90 },
  { name: 'Orlando', zip: '32801', area: '407', count: 90 },
  { name: 'Charlotte', zip: '28202', area: '704', count: 90 },
  { name: 'San Antonio', zip: '78205', area: '210', count: 90 },
  { name: 'Portland', zip: '97204', area: '503', count: 90 },
  { name: 'Sacramento', zip: '95814', area: '916', count: 80 },
  { name: 'Pittsburgh', zip: '15222', area: '412', count: 80 },
  { name: 'Austin', zip: '78701', area: '512', count: 90 },
  { name: 'Las Vegas', zip: '89101', area: '702', count: 80 },
  { name: 'Cincinnati', zip: '45202', area: '513', count: 70 },
];

const FIRST = [
  'Maple',
  'Cedar',
  'Willow',
  'Harbor',
  'Meadow',
  'Riverbend',
  'Oak Hollow',
  'Bluebird',
  'Lakeside',
  'Hillcrest',
  'Sunny Paws',
  'Whisker',
  'Four Paws',
  'Kindred',
  'Northstar',
  'Brightside',
  'Greenway',
  'Copper Tail',
  'Little Creek',
  'Summit',
  'Parkside',
  'Evergreen',
  'Golden Leash',
  'Foxglove',
  'Juniper',
  'Pinecone',
  'Silver Fern',
  'Tall Grass',
  'Wagging Tail',
  'Cozy Den',
];
const KIND = ['Animal Hospital', 'Veterinary Clinic', 'Pet Clinic', 'Veterinary Center', 'Animal Clinic', 'Cat Clinic', 'Family Vets', 'Pet Hospital'];
const STREETS = [
  'Main St',
  'Oak Ave',
  'Park Blvd',
  'Maple St',
  'Washington Ave',
  'Lake Dr',
  'Elm St',
  '2nd St',
  'Market St',
  'Broad St',
  'Highland Ave',
  'Pine St',
  'Cedar Rd',
  'Sunset Blvd',
  'River Rd',
  'Church St',
  'Mill Rd',
  'Union Ave',
];

/** mulberry32: a small seeded generator, so the file is the same on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MILES_PER_DEGREE = 69.09;

export function demoPracticeRows(zips: ZipRow[]): (string | number)[][] {
  const next = random(20261126);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const byZip = new Map(zips.map((z) => [z.zip, z]));
  const rows: (string | number)[][] = [];
  const names = new Set<string>();
  for (const [m, metro] of METROS.entries()) {
    const centre = byZip.get(metro.zip);
    if (!centre) throw new Error(`zip ${metro.zip} of ${metro.name} is not in the zip data set`);
    // The metro's zips within 20 miles, nearest first: most practices sit near the centre, as in a city.
    const near = zips
      .map((z) => ({
        z,
        d: Math.hypot(z.latitude - centre.latitude, (z.longitude - centre.longitude) * Math.cos((centre.latitude * Math.PI) / 180)) * MILES_PER_DEGREE,
      }))
      .filter((x) => x.d <= 20)
      .sort((a, b) => a.d - b.d || a.z.zip.localeCompare(b.z.zip));
    for (let i = 0; i < metro.count; i++) {
      const at = near[Math.floor(Math.pow(next(), 1.6) * near.length)]!.z;
      let name = `${pick(FIRST)} ${pick(KIND)}`;
      for (let n = 2; names.has(`${name}|${at.city}`); n++) name = `${pick(FIRST)} ${pick(KIND)}${n > 4 ? ` of ${at.city}` : ''}`;
      names.add(`${name}|${at.city}`);
      const slug = `${name}-${at.city}`
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '');
      const species = SPECIES.filter((s, k) => k < 2 || next() < 0.18).filter((s) => !(name.includes('Cat') && s === 'dogs'));
      const services = SERVICES.filter((s, k) => k < 2 || next() < 0.3);
      // A small offset from the zip's centre, so practices of one zip do not sit on one point of the map.
      const lat = at.latitude + (next() - 0.5) * 0.02;
      const lon = at.longitude + (next() - 0.5) * 0.02;
      rows.push([
        `demo-${String(m + 1).padStart(2, '0')}-${String(i + 1).padStart(4, '0')}`,
        name,
        `${10 + Math.floor(next() * 9000)} ${pick(STREETS)}`,
        at.city,
        at.state,
        at.zip,
        // 555 numbers: a fictitious exchange, one number per practice.
        `(${metro.area}) 555-${String(1000 + i).padStart(4, '0')}`,
        next() < 0.7 ? `https://www.${slug}.example` : '',
        species.join(';'),
        services.join(';'),
        Number(lat.toFixed(5)),
        Number(lon.toFixed(5)),
      ]);
    }
  }
  return rows;
}

if (process.argv[1] && path.resolve(process.argv[1]).endsWith('generate-demo-practices.ts')) {
  const rows = demoPracticeRows(usZipRows());
  // toCsv quotes every text cell; the reader of section 20 takes them as they are.
  writeFileSync(DEMO_PRACTICES_FILE, toCsv(IMPORT_COLUMNS, rows).replace(/^\uFEFF/, ''));
  console.log(`Wrote ${rows.length} practices to ${path.relative(projectRoot, DEMO_PRACTICES_FILE)}.`);
}
