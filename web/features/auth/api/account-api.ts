// The account calls of docs/product.md, Calls, one function each, over the one API client.
import type { Session, User } from '../../../../shared/types/user';
import { api } from '../../../lib/api-client';

export interface RegisterInput {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
}

export const accountApi = {
  login: (email: string, password: string) => api.post<Session>('/user/login', { email, password }),
  register: (input: RegisterInput) => api.post<Session | string>('/user/register', input),
  tokenVerification: (token: string) => api.post<Session | string>('/user/token-verification', { token }, { silent: true }),
  sendVerificationEmail: (silent: boolean) => api.post<{ message: string }>('/user/send-verification-email', {}, { silent }),
  sendVerifyCode: (email: string) => api.post<{ message: string }>('/user/send-verify-code', { email }),
  checkVerifyCode: (email: string, verifyCode: number) => api.post<{ message: string }>('/user/check-verify-code', { email, verifyCode }),
  changePassword: (email: string, password: string) => api.post<{ message: string }>('/user/change-password', { email, password }),
};

export type { Session, User };
