// Sign-ins under a brute-force attempt: how many argon2 hashes a second this machine does, how
// many sign-ins a second honest users get while an attacker hammers one account from one address,
// their p99, and the share of the hashing the attacker gets. Run: npm run build && npm run bench:login
// BENCH_SECONDS (default 20) sets the length of each phase.
import autocannon from 'autocannon';
import { hashPassword } from '../server/lib/password';
import { machine, startBenchServer } from './support';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const PASSWORD = 'Correct-Horse-Battery-9';

// 1. argon2 on this machine, in this process (the server's parameters).
let hashes = 0;
const hashUntil = Date.now() + 5_000;
while (Date.now() < hashUntil) {
  await hashPassword(PASSWORD);
  hashes++;
}
const hashesPerSecond = hashes / 5;

// Each honest user signs in from an address of their own; the attacker spreads guesses at one
// account over 50 addresses (a small botnet). The server trusts 127.0.0.1 as its proxy.
const server = await startBenchServer({ DEMO_DATA: 'off', RATE_LIMIT_PER_MINUTE: '1000000', TRUST_PROXY: '127.0.0.1' });
const register = (email: string) =>
  fetch(`${server.url}/api/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ first_name: 'Bench', last_name: 'User', email, password: PASSWORD }),
  });
const honest = Array.from({ length: 20 }, (_, i) => `honest-${i}-${Date.now()}@example.com`);
for (const email of honest) await register(email);
const victim = `victim-${Date.now()}@example.com`;
await register(victim);

async function honestLoad(): Promise<autocannon.Result> {
  return autocannon({
    url: server.url,
    connections: 4,
    duration: SECONDS,
    requests: honest.map((email, i) => ({
      method: 'POST',
      path: '/api/user/login',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.18.1.${i + 1}` },
      body: JSON.stringify({ email, password: PASSWORD }),
    })),
  });
}

// 2. Honest users alone.
const alone = await honestLoad();
// 3. Honest users while an attacker guesses the victim's password with 50 connections from 50 addresses.
const attackerRun = autocannon({
  url: server.url,
  connections: 50,
  duration: SECONDS,
  requests: Array.from({ length: 50 }, (_, i) => ({
    method: 'POST',
    path: '/api/user/login',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.18.2.${i + 1}` },
    body: JSON.stringify({ email: victim, password: `Wrong-Guess-${i}` }),
  })),
});
const underAttack = await honestLoad();
const attacker = await attackerRun;
await server.stop();

const ok = (r: autocannon.Result) => r['2xx'];
// A refused guess (429) costs no hash; an answered one (401) costs one.
const attackerHashed = attacker['4xx'] - (attacker.statusCodeStats?.['429']?.count ?? 0);
const honestHashed = ok(underAttack);
console.log(`\nSign-ins under a brute-force attempt — ${new Date().toISOString()} — ${machine()}`);
console.log('| measure | value |\n| --- | --- |');
console.log(`| argon2 hashes a second (one thread, server parameters) | ${hashesPerSecond.toFixed(1)} |`);
console.log(`| honest sign-ins a second, alone (4 clients) | ${(ok(alone) / SECONDS).toFixed(1)}, p99 ${alone.latency.p99} ms |`);
console.log(
  `| honest sign-ins a second, under attack | ${(ok(underAttack) / SECONDS).toFixed(1)}, p99 ${underAttack.latency.p99} ms, errors ${underAttack.errors + underAttack.non2xx} |`,
);
console.log(
  `| attacker guesses sent / refused with 429 / answered 401 | ${attacker.requests.total} / ${attacker.statusCodeStats?.['429']?.count ?? 0} / ${attacker.statusCodeStats?.['401']?.count ?? 0} |`,
);
console.log(`| attacker's share of the hashing | ${((100 * attackerHashed) / Math.max(1, attackerHashed + honestHashed)).toFixed(1)} % |`);
