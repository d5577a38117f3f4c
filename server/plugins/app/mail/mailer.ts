// The one e-mail sender (docs/product.md, Accounts and tokens): a message is written to the outbox table first,
// then a worker sends it, retrying with exponential back-off, so an e-mail server that is down for
// a while loses nothing. Rows are claimed with FOR UPDATE SKIP LOCKED so several servers can share.
// When a message is due is decided by the app's clock, not the database's (docs/decisions/095-one-clock.md).
import fp from 'fastify-plugin';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { emailOutbox } from '../../../db/schema';
import { createTransport, type MailTransport } from './transports';
import type { MailContent } from './templates';
import { resolveJwtSecret, resolvePreviousJwtSecret } from '../auth';
import { outboxKey, seal, unseal, type SealedContent } from './sealed-content';
import { rowsOf } from '../../../lib/sql-rows';
import { recipientWants } from './preferences';

const MAX_ATTEMPTS = 12;
/**
 * Messages whose address the outbox forgets once sent: the confirmation of an account's deletion must not
 * leave a row naming the account (docs/product.md section 22).
 */
export const FORGET_ADDRESS_KINDS = new Set(['account_deleted']);
export const FORGOTTEN_ADDRESS = 'deleted-account@invalid';
const MAX_BACKOFF_MS = 15 * 60_000;
/**
 * What a row keeps once its message is sent or given up on: kind, recipient, times and state, never the
 * text. A verification link, a reset code or a claim code must not outlive its sending in the table or in
 * the backups taken after (docs/product.md 3.11).
 */
const FORGET_CONTENT = { sealed: null, subject: null, textBody: null, htmlBody: null, params: {}, attachments: [], replyTo: null, toName: null };
const UNREADABLE = 'The message was sealed with a JWT secret this server no longer has; it cannot be sent.';
/** How long a worker holds the rows it claimed (another server takes them over after). */
const LOCK_MS = 2 * 60_000;

export interface Mailer {
  /**
   * Stores the message; it is sent shortly after (pass a transaction to enqueue atomically). With the
   * `accountId` it is for, a kind the account turned off in its e-mail preferences is not stored (preferences.ts).
   */
  enqueue(
    db: DbOrTx,
    to: { address: string; name?: string | null; kind: string; replyTo?: string | null; accountId?: number | undefined },
    content: MailContent,
  ): Promise<void>;
  /** Sends every due message once; returns how many were sent. */
  processDue(): Promise<number>;
  /**
   * Resolves when no message is due and none is being sent: every message enqueued before the call
   * was handed to the SMTP server or waits for a later retry. Tests wait for it before checking that
   * no e-mail came.
   */
  idle(): Promise<void>;
  transport: MailTransport;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export default fp(
  async (fastify) => {
    const { db } = fastify.database;
    const transport = createTransport(fastify.config, (line) => {
      fastify.log.info(line);
      if (fastify.config.nodeEnv !== 'test') console.log(line);
    });
    const baseBackoffMs = fastify.config.mail.retryBaseMs;
    const { clock } = fastify;
    // The current secret seals; the previous one (during a rotation) still opens what it sealed.
    const previousSecret = resolvePreviousJwtSecret(fastify.config);
    const keys = [outboxKey(resolveJwtSecret(fastify.config)), ...(previousSecret ? [outboxKey(previousSecret)] : [])];
    const sealingKey = keys[0]!;
    let running: Promise<number> | undefined;
    let again = false;

    /** Rows that wait to be sent at `now` and that no worker holds. */
    const due = (now: Date) => sql`status = 'pending' AND next_attempt_at <= ${now} AND (locked_until IS NULL OR locked_until < ${now})`;

    async function sendBatch(): Promise<number> {
      const now = clock.now();
      const claimed = await db.execute(sql`
        UPDATE email_outbox SET locked_until = ${new Date(now.getTime() + LOCK_MS)}
        WHERE id IN (
          SELECT id FROM email_outbox
          WHERE ${due(now)}
          ORDER BY id LIMIT 20 FOR UPDATE SKIP LOCKED)
        RETURNING id`);
      // Both drivers answer execute() with { rows }.
      const ids = rowsOf<{ id: number }>(claimed).map((r) => Number(r.id));
      let sent = 0;
      for (const id of ids) {
        const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
        if (!row) continue;
        // NOTE: a row written before migration 0025 (or by hand) holds its text in clear.
        const content: SealedContent | undefined = row.sealed
          ? unseal(keys, row.sealed)
          : { subject: row.subject ?? '', text: row.textBody ?? '', html: row.htmlBody ?? '', params: row.params, attachments: row.attachments };
        if (!content) {
          await db
            .update(emailOutbox)
            .set({ status: 'failed', lockedUntil: null, lastError: UNREADABLE, ...FORGET_CONTENT })
            .where(eq(emailOutbox.id, id));
          fastify.log.error({ outboxId: id }, UNREADABLE);
          continue;
        }
        try {
          await transport.send({
            to: row.toAddress,
            toName: row.toName,
            subject: content.subject,
            text: content.text,
            html: content.html,
            params: content.params,
            replyTo: row.replyTo,
            attachments: content.attachments,
          });
          await db
            .update(emailOutbox)
            .set({
              status: 'sent',
              sentAt: clock.now(),
              attempts: row.attempts + 1,
              lockedUntil: null,
              lastError: null,
              ...FORGET_CONTENT,
              ...(FORGET_ADDRESS_KINDS.has(row.kind) ? { toAddress: FORGOTTEN_ADDRESS, toName: null } : {}),
            })
            .where(eq(emailOutbox.id, id));
          sent++;
        } catch (error) {
          const attempts = row.attempts + 1;
          const delay = Math.min(MAX_BACKOFF_MS, baseBackoffMs * 2 ** (attempts - 1));
          await db
            .update(emailOutbox)
            .set({
              attempts,
              status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
              nextAttemptAt: new Date(clock.now().getTime() + delay),
              lockedUntil: null,
              lastError: String((error as Error).message).slice(0, 500),
              ...(attempts >= MAX_ATTEMPTS ? FORGET_CONTENT : {}),
              ...(attempts >= MAX_ATTEMPTS && FORGET_ADDRESS_KINDS.has(row.kind) ? { toAddress: FORGOTTEN_ADDRESS, toName: null } : {}),
            })
            .where(eq(emailOutbox.id, id));
          fastify.log.warn({ outboxId: id, attempts, err: (error as Error).message }, 'e-mail not sent; will retry');
        }
      }
      return sent;
    }

    const processDue = async (): Promise<number> => {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        let total = 0;
        do {
          again = false;
          total += await sendBatch();
        } while (again);
        return total;
      })().finally(() => {
        running = undefined;
      });
      return running;
    };

    async function dueCount(): Promise<number> {
      const counted = await db.execute(sql`SELECT count(*)::int AS due FROM email_outbox WHERE ${due(clock.now())}`);
      return Number(rowsOf<{ due: number }>(counted)[0]?.due ?? 0);
    }

    const idle = async (): Promise<void> => {
      for (;;) {
        // NOTE: enqueue() starts the worker on the next turn (setImmediate): let those turns pass first.
        await new Promise((resolve) => setImmediate(resolve));
        if (running) await running.catch(() => undefined);
        else if ((await dueCount()) === 0) return;
        else await processDue().catch(() => undefined);
      }
    };

    const kick = () => {
      processDue().catch((error: unknown) => fastify.log.error({ err: error }, 'outbox worker failed'));
    };

    fastify.decorate('mailer', {
      transport,
      processDue,
      idle,
      async enqueue(target, to, content) {
        if (!(await recipientWants(target, to))) return;
        await target.insert(emailOutbox).values({
          toAddress: to.address,
          toName: to.name ?? null,
          kind: to.kind,
          sealed: seal(sealingKey, {
            subject: content.subject,
            text: content.text,
            html: content.html,
            params: content.params,
            attachments: content.attachments ?? [],
          }),
          replyTo: to.replyTo ?? null,
          nextAttemptAt: clock.now(),
        });
        setImmediate(kick);
      },
    } satisfies Mailer);

    const timer = setInterval(kick, fastify.config.mail.pollMs);
    timer.unref();
    fastify.addHook('onClose', async () => {
      clearInterval(timer);
      await running?.catch(() => undefined);
      transport.close();
    });
  },
  { name: 'mailer', dependencies: ['database'] },
);
