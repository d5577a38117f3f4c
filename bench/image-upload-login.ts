// Sign-in latency while heavy images are uploaded (issue 23, item 4): sign-ins one after another,
// alone and then while 6 clients keep uploading heavy PNGs as article images, with the median, p95
// and their ratio to the quiet figures. Two kinds of heavy image: the review's 16-bit 6300 x 6300
// PNG (about 350 KB, now refused from its header) and a 16-bit 4000 x 4000 PNG (within the budget,
// so it is decoded: about 0.4 s each).
// Run: npm run build:server && npm run bench:image-login    (BENCH_SIGN_INS sets the sign-ins a phase, default 40)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { machine, root, startBenchServer } from './support';

const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 40);
const UPLOADERS = 6;
const PASSWORD = 'Correct-Horse-Battery-9';
const ADMIN = `bench-admin-${Date.now()}@example.com`;

// The administrator exists before the server starts (the embedded database has one opener at a time).
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ad-bench-images-'));
execFileSync(process.execPath, ['--import', 'tsx', 'scripts/create-admin.ts', '--email', ADMIN, '--password', PASSWORD], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
  stdio: 'ignore',
});
const server = await startBenchServer({ DATA_DIR: dataDir, DEMO_DATA: 'off', RATE_LIMIT_PER_MINUTE: '1000000', TRUST_PROXY: '127.0.0.1' });

const post = (url: string, body: object, ip: string) =>
  fetch(`${server.url}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
const signIn = async (email: string, ip: string) => {
  const res = await post('/api/user/login', { email, password: PASSWORD }, ip);
  // An unverified account signs in with 201 (docs/product.md, Accounts and tokens).
  if (res.status !== 200 && res.status !== 201) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
};
const adminToken = await signIn(ADMIN, '198.18.0.1');
const users = Array.from({ length: 10 }, (_, i) => `bench-user-${i}-${Date.now()}@example.com`);
for (const [i, email] of users.entries())
  await post('/api/user/register', { first_name: 'Bench', last_name: 'User', email, password: PASSWORD }, `198.18.1.${i + 1}`);

const heavy = {
  '16-bit 6300 x 6300 PNG': await sharp({ create: { width: 6300, height: 6300, channels: 3, background: { r: 90, g: 140, b: 200 } } })
    .toColourspace('rgb16')
    .png({ compressionLevel: 9 })
    .toBuffer(),
  '16-bit 4000 x 4000 PNG': await sharp({ create: { width: 4000, height: 4000, channels: 3, background: { r: 90, g: 140, b: 200 } } })
    .toColourspace('rgb16')
    .png({ compressionLevel: 9 })
    .toBuffer(),
};

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
async function signInTimes(): Promise<{ median: number; p95: number }> {
  const times: number[] = [];
  for (let i = 0; i < SIGN_INS; i++) {
    const started = performance.now();
    await signIn(users[i % users.length]!, `198.18.2.${(i % 200) + 1}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 50), p95: percentile(times, 95) };
}

/** Keeps UPLOADERS uploads of `bytes` in flight until `stop` resolves; counts the answers by status. */
async function uploadLoad(bytes: Buffer, stop: Promise<unknown>) {
  const statuses: Record<number, number> = {};
  let done = false;
  void stop.then(() => (done = true));
  const boundary = 'bench-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\ncover\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="heavy.png"\r\nContent-Type: image/png\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const uploader = async (n: number) => {
    while (!done) {
      const res = await fetch(`${server.url}/api/admin/articles/upload-image`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-forwarded-for': `198.18.3.${n + 1}` },
        body,
      });
      await res.arrayBuffer();
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: UPLOADERS }, (_, n) => uploader(n)));
  return statuses;
}

const rows: string[] = [];
const quiet = await signInTimes();
rows.push(`| no uploads | ${quiet.median.toFixed(0)} | ${quiet.p95.toFixed(0)} | 1.0 / 1.0 | |`);
for (const [name, bytes] of Object.entries(heavy)) {
  let finish!: () => void;
  const stop = new Promise<void>((resolve) => (finish = resolve));
  const load = uploadLoad(bytes, stop);
  await new Promise((resolve) => setTimeout(resolve, 500)); // the uploads are under way
  const busy = await signInTimes();
  finish();
  const statuses = await load;
  const answers = Object.entries(statuses)
    .map(([status, n]) => `${n} × ${status}`)
    .join(', ');
  rows.push(
    `| ${UPLOADERS} parallel uploads of a ${(bytes.length / 1024).toFixed(0)} KB ${name} | ${busy.median.toFixed(0)} | ${busy.p95.toFixed(0)} | ${(busy.median / quiet.median).toFixed(1)} / ${(busy.p95 / quiet.p95).toFixed(1)} | ${answers} |`,
  );
}
await server.stop();
fs.rmSync(dataDir, { recursive: true, force: true });

console.log(`\nSign-in latency under image uploads (${SIGN_INS} sign-ins a phase) — ${new Date().toISOString()} — ${machine()}`);
console.log('| while | sign-in median ms | p95 ms | ratio to no uploads (median / p95) | upload answers |\n| --- | --- | --- | --- | --- |');
for (const row of rows) console.log(row);
