// POST /api/user/send-subscribe-verify-code: e-mails a 6-digit code (docs/product.md, Calls). Silent: the
// form shows a refusal the server explains and ignores the rest (docs/product.md, Messages).
import { api } from '../../../lib/api-client';

export const sendSubscribeCode = (email: string) => api.post<{ message: string } | string>('/user/send-subscribe-verify-code', { email }, { silent: true });
