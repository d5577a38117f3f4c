// The user object every API answer carries, derived from its schema (shared/schemas/user.ts).
export type { PaymentInfo, Session, User } from '../schemas/user';
