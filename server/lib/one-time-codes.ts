// The one kind of e-mailed numeric code (docs/product.md 3, 9 and 20.8; decision record 128): password
// reset, newsletter confirmation and a claim by e-mail each have a purpose, a key (the address, or the
// claim), a lifetime and a number of tries. Every code comes from one generator, is stored only as one
// kind of hash, and is compared in constant time; the tries are counted by the table that holds the code,
// in the one statement that also checks the limit.
import crypto from 'node:crypto';
import { CLAIM_CODE } from '../../shared/constants/import';

export type CodePurpose = 'password_reset' | 'newsletter' | 'claim';

/** How long each purpose's code lives and how many tries it allows. */
export const CODE_RULES: Record<CodePurpose, { ttlMs: number; tries: number }> = {
  password_reset: { ttlMs: 10 * 60_000, tries: 5 },
  newsletter: { ttlMs: 10 * 60_000, tries: 5 },
  claim: { ttlMs: CLAIM_CODE.ttlMs, tries: CLAIM_CODE.tries },
};

/** A fresh six-digit code, uniformly drawn by the operating system's generator. */
export function newCode(): string {
  return String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
}

/** The stored form of a code: bound to its purpose and key, so a code never works for another. */
export function codeHash(purpose: CodePurpose, key: string | number, code: string): string {
  return crypto.createHash('sha256').update(`${purpose}:${key}:${code}`).digest('hex');
}

/** Whether `given` is the code stored as `stored`, compared in constant time. */
export function codeMatches(stored: string, purpose: CodePurpose, key: string | number, given: string | number): boolean {
  const expected = Buffer.from(codeHash(purpose, key, String(given).trim().padStart(6, '0')));
  const actual = Buffer.from(stored);
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}
