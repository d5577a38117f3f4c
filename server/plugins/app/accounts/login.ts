// Sign-in (docs/product.md, Accounts and tokens) behind the login throttle (login-throttle.ts).
import { MESSAGES } from '../../../../shared/constants/messages';
import { hashPassword, verifyPassword } from '../../../lib/password';
import { findUserByEmail } from '../users/index';
import { domainError } from '../../../lib/domain-error';
import { signIn, type AccountDeps, type SignedIn } from './account-deps';
import { normalizeEmail } from '../../../../shared/lib/email-address';

export async function login(deps: AccountDeps, given: { email: string; password: string }, client: string): Promise<SignedIn> {
  const email = normalizeEmail(given.email);
  await deps.loginThrottle.reserve(email, client);
  const user = await findUserByEmail(deps.db, email);
  // An unknown address costs a hash too, so the answer time does not tell which addresses exist.
  const ok = user ? await verifyPassword(user.passwordHash, given.password) : (await hashPassword(given.password), false);
  if (!user || !ok) throw domainError(401, 'BAD_CREDENTIALS', MESSAGES.loginFailed);
  await deps.loginThrottle.succeeded(email, client);
  if (user.status === 'suspended') throw domainError(403, 'SUSPENDED', 'This account is suspended. Please contact support.');
  return signIn(deps, user, client);
}
