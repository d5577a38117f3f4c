// POST /api/user/check-subscribe-verify-code: confirms the subscription with the e-mailed code.
import { api } from '../../../lib/api-client';

export const checkSubscribeCode = (email: string, verifyCode: number) =>
  api.post<{ message: string }>('/user/check-subscribe-verify-code', { email, verifyCode }, { silent: true });
