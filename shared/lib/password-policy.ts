// The one password rule (docs/product.md, Accounts and tokens), enforced alike by the sign-up page,
// the server (register, change-password) and scripts/create-admin.ts: 8 to 128 characters, and not
// a password that appears in breach corpora (NIST SP 800-63B 5.1.1.2). The list is the ranked
// common-password dictionary of @zxcvbn-ts/language-common, shipped offline in the package and
// loaded on first use so pages that never check a password do not download it.
import { normalizeEmail } from './email-address';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_MESSAGES = {
  tooShort: `The password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  tooLong: `The password must be at most ${PASSWORD_MAX_LENGTH} characters long.`,
  onlySpaces: 'The password cannot be only spaces.',
  isEmail: 'The password cannot be your e-mail address.',
  tooSimple: 'The password is too easy to guess; use a mix of characters.',
  common: 'This password is one of the most common passwords and is easy to guess. Please choose another one.',
} as const;

let commonPasswords: Promise<ReadonlySet<string>> | undefined;

/** The common passwords long enough to pass the length rule, lower-cased. */
export function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => {
    const words = (dictionary as Record<string, string[]>)['passwords-common'] ?? [];
    return new Set(words.filter((w) => w.length >= PASSWORD_MIN_LENGTH).map((w) => w.toLowerCase()));
  });
  return commonPasswords;
}

/** The rules that need no list: a sentence saying what is wrong, or undefined. */
export function passwordShapeProblem(password: string, email = ''): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  if (password.trim().length === 0) return PASSWORD_MESSAGES.onlySpaces;
  if (email && password.toLowerCase() === normalizeEmail(email)) return PASSWORD_MESSAGES.isEmail;
  if (new Set(password).size < 4) return PASSWORD_MESSAGES.tooSimple;
  return undefined;
}

/** Why a password cannot be used (a plain sentence), or undefined when it can. */
export async function passwordProblem(password: string, email = ''): Promise<string | undefined> {
  const shape = passwordShapeProblem(password, email);
  if (shape) return shape;
  const common = await loadCommonPasswords();
  return common.has(password.toLowerCase()) ? PASSWORD_MESSAGES.common : undefined;
}
