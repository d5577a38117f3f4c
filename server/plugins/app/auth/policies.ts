// Record-level permission rules: "may this user touch that record" (docs/product.md section 4.2).
// They answer yes or no and never touch the database. Whether the account may sign in at all
// (its status) is decided before these by authentication (authenticate.ts); whether a plan is in
// force, and whether a vet is listed, is the listing module's rule (listing/listing-rule.ts).
import type { UserRow } from '../users/index';

/** An administrator's account (docs/product.md section 4.1): the guard, and the accounts no one may suspend, delete or claim with. */
export function isAdmin(user: Pick<UserRow, 'manageRole'>): boolean {
  return user.manageRole === 'admin';
}
