// Test inputs for the profile calls: valid wizard bodies, zip rows they rely on, images made with
// sharp and multipart bodies as a browser sends them.
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { zipCodes } from '../db/schema';
import type { Step1Input, Step2Input } from '../../shared/schemas/profile';
import { DAYS } from '../../shared/constants/days';

/** Real zip codes with the zipcodes package's positions (the loaded data set agrees), inserted so tests need not load all of it. */
export const TEST_ZIPS = [
  { zip: '10001', city: 'New York', state: 'NY', latitude: 40.7484, longitude: -73.9967 },
  { zip: '59001', city: 'Absarokee', state: 'MT', latitude: 45.5154, longitude: -109.4692 },
  { zip: '82190', city: 'Yellowstone National Park', state: 'WY', latitude: 44.7957, longitude: -110.6137 },
];

export async function insertTestZips(app: FastifyInstance): Promise<void> {
  await app.database.db.insert(zipCodes).values(TEST_ZIPS).onConflictDoNothing();
}

export function step1Body(overrides: Partial<Step1Input> = {}): Step1Input {
  return {
    clinic_name: 'Stillwater Valley Vets',
    contact_phone: '406-555-0123',
    contact_email: 'Desk@Stillwater.example',
    street: '12 Woodard Ave',
    city: '',
    state: '',
    zip: '59001',
    website_title: 'Stillwater Valley Vets',
    website_url: 'https://stillwater.example',
    ...overrides,
  };
}

export const WEEK = DAYS.map((day) =>
  day === 'sun' ? { day, closed: true } : { day, closed: false, open: '08:00', close: day === 'sat' ? '12:00' : '17:30' },
);

export function step2Body(overrides: Partial<Step2Input> = {}): Step2Input {
  return {
    working_time: WEEK,
    time_zone: 'America/Denver',
    summary: 'Large and small animal care in the Stillwater valley.',
    education: [{ degree: 'Doctor of Veterinary Medicine (DVM)', school: 'Colorado State University', year: 2009 }],
    services: ['Wellness exams', 'Equine care'],
    species: ['dogs', 'cats', 'horses'],
    emergency: false,
    accepting_new_patients: true,
    license_number: 'MT-4411',
    license_state: 'MT',
    ...overrides,
  };
}

/** A photo-like JPEG with EXIF (camera, GPS-ish comment) that must not survive re-encoding. */
export function jpegWithExif(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .withExif({ IFD0: { Make: 'SecretCam', Model: 'X100', Copyright: 'Private Owner', ImageDescription: 'home at 45.52N 109.44W' } })
    .jpeg()
    .toBuffer();
}

export function pngImage(width = 300, height = 300): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 200, g: 60, b: 60, alpha: 1 } } })
    .png()
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A tiny PNG whose header claims 50,000 x 50,000 pixels: a decompression bomb. */
export function pngBomb(side = 50_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const rows = deflateSync(Buffer.alloc(side + 1), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export const SVG_IMAGE = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><script>alert(1)</script><circle cx="32" cy="32" r="30"/></svg>',
);

/** A multipart/form-data body with one file, as a browser's FormData sends it. */
export function multipartBody(field: string, filename: string, contentType: string, bytes: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----animaldoctor${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
