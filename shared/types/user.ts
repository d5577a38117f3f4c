// The user object every API answer carries (docs/product.md, The API): these fields and no others.

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
  [profilePiece: string]: unknown;
}

export interface Session {
  token: string;
  user: User;
}
