// Record-level permission rules: "may this user touch that record". Routes call these after a
// require* preHandler; they answer yes or no and never touch the database themselves. Whether a
// plan is in force, and whether a vet is listed, is the listing module's rule (listing/listing-rule.ts).
import type { UserRow } from '../users/user-repository';

export function isAdmin(user: UserRow): boolean {
  return user.manageRole === 'admin' && user.status === 'active';
}

/** A user may change only their own profile; an administrator may act on anyone's. */
export function mayEditProfile(actor: UserRow, ownerId: number): boolean {
  return actor.id === ownerId || isAdmin(actor);
}
