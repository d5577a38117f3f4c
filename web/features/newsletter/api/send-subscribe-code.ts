// POST /api/user/send-subscribe-verify-code: e-mails a 6-digit code (spec section 7). Silent: the
// form shows a refusal the server explains and ignores the rest (spec section 8).
import { api } from '../../../lib/api-client';

export const sendSubscribeCode = (email: string) => api.post<{ message: string } | string>('/user/send-subscribe-verify-code', { email }, { silent: true });
