// The user object every API answer carries (decisions.md section 2): these fields and no others.
import type { ProfileView, ReviewState } from '../schemas/profile';

export interface PaymentInfo {
  plan: number;
  status: string;
  current_period_end: string | null;
}

export interface User {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  verify: boolean;
  manage_role: 'user' | 'admin';
  submit_at: string | null;
  payment: PaymentInfo | null;
  /** draft, pending (in review), approved or rejected (decisions.md section 6). */
  review_state: ReviewState;
  /** The administrator's reason when rejected. */
  review_reason: string | null;
  reviewed_at: string | null;
  /** The profile pieces (decisions.md section 6), null before step 1. */
  profile: ProfileView | null;
}

export interface Session {
  token: string;
  user: User;
}
