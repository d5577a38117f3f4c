// The mail area (decision record 098): the one e-mail sender as a plugin that decorates
// `fastify.mailer` (mailer.ts: the outbox table and its worker with back-off), the transports
// (SMTP, the e-mail service, .eml files; transports.ts) and the e-mails the product sends
// (templates.ts). Commands take the mailer as a dependency and enqueue in their own transaction.
export { default } from './mailer';
export type { Mailer } from './mailer';
export { FORGOTTEN_ADDRESS } from './mailer';
export type { MailContent } from './templates';
export { button, layout } from './templates';
