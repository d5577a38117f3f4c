// The auth area (decision 097): `fastify.authenticate` (authenticate.ts: session tokens) and the guards
// `fastify.require*` (authorize.ts) are registered by app.ts. What other areas may name: the mark that
// makes a guard run before validation (decision 133), and the JWT secrets, from which the mail area
// derives the outbox's key (decision 134), and the one test of an administrator (decision 139).
export { authGuard } from './authorize';
export { resolveJwtSecret, resolvePreviousJwtSecret, DOWNLOAD_TTL_SECONDS, MESSAGE_EVENTS_TTL_SECONDS, TokenError } from './tokens';
export { AUTH_MESSAGES } from './authorize';
export { isAdmin } from './policies';
