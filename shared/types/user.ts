// The user object every API answer carries, derived from its schema (shared/schemas/user.ts); the
// profile pieces sit under `profile` (shared/schemas/profile.ts, ProfileView).
export type { PaymentInfo, Session, User } from '../schemas/user';
