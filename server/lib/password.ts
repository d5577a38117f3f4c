// Passwords are hashed with argon2id (docs/product.md, Accounts and tokens); only the hash is ever stored.
import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { workQueue } from './work-queue';

// NOTE: Algorithm is an ambient const enum (unusable with isolatedModules); 2 is Argon2id.
const ARGON2ID = 2;

// The rule a new password must meet is shared/lib/password-policy.ts.

// At most one argon2 run per core at a time: each takes 19 MB and a core for tens of milliseconds,
// so more at once only adds memory (the allocator keeps it afterwards; the soak benchmark grew the
// server by about 100 MB with 200 clients) and latency, never throughput. Others wait in line.
const hashing = workQueue(Math.max(1, os.availableParallelism()));

export function hashPassword(plain: string): Promise<string> {
  return hashing.run(() => hash(plain, { algorithm: ARGON2ID }));
}

export async function verifyPassword(passwordHash: string, plain: string): Promise<boolean> {
  try {
    return await hashing.run(() => verify(passwordHash, plain));
  } catch {
    return false; // a malformed stored hash never matches
  }
}
