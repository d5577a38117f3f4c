// Passwords are hashed with argon2id (docs/product.md, Accounts and tokens); only the hash is ever stored.
import { hash, verify } from '@node-rs/argon2';

// NOTE: Algorithm is an ambient const enum (unusable with isolatedModules); 2 is Argon2id.
const ARGON2ID = 2;

// The rule a new password must meet is shared/password-policy.ts.

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, { algorithm: ARGON2ID });
}

export async function verifyPassword(passwordHash: string, plain: string): Promise<boolean> {
  try {
    return await verify(passwordHash, plain);
  } catch {
    return false; // a malformed stored hash never matches
  }
}
