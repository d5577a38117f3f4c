// Sign-up (docs/product.md, Accounts and tokens): a new unverified account, its verification
// e-mail, and a session that can only ask for that e-mail again.
import { passwordProblem } from '../../../../shared/lib/password-policy';
import { MESSAGES } from '../../../../shared/constants/messages';
import { hashPassword } from '../../../lib/password';
import { createUser, findUserByEmail } from '../users/index';
import { textRefusal } from '../../../lib/domain-error';
import { signIn, type AccountDeps, type SignedIn } from './account-deps';
import { sendFirstVerificationEmail } from './verify-email';
import type { AccountType } from '../../../db/schema';
import { normalizeEmail } from '../../../../shared/lib/email-address';

export interface RegisterInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  /** A pet owner's account or a vet's (docs/product.md section 13); absent: 'vet', as old clients expect. */
  accountType?: AccountType | undefined;
  /** Where the person was going; the verification link carries it when it is a path of this site (docs/product.md section 26). */
  next?: string | undefined;
}

export async function register(deps: AccountDeps, input: RegisterInput, client: string): Promise<SignedIn> {
  const email = normalizeEmail(input.email);
  const problem = await passwordProblem(input.password, email);
  if (problem) throw textRefusal(202, 'WEAK_PASSWORD', problem);
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  if (!firstName || !lastName) throw textRefusal(202, 'WEAK_PASSWORD', 'Please enter your first and last name.');
  if (await findUserByEmail(deps.db, email)) throw textRefusal(201, 'EMAIL_TAKEN', MESSAGES.emailAlreadyRegistered);
  await deps.sendLimits.take('verify_email', email, client);
  const passwordHash = await hashPassword(input.password);
  // The account and its verification e-mail commit together: a crash between the two would leave an
  // account nobody is told about (server/reliability/crash.test.ts found it).
  const user = await deps.db.transaction(async (tx) => {
    const created = await createUser(tx, { email, passwordHash, firstName, lastName, accountType: input.accountType ?? 'vet' });
    if (!created) throw textRefusal(201, 'EMAIL_TAKEN', MESSAGES.emailAlreadyRegistered); // lost a race with the same address
    await sendFirstVerificationEmail({ ...deps, db: tx as unknown as AccountDeps['db'] }, created, input.next);
    return created;
  });
  return signIn(deps, user, client);
}
