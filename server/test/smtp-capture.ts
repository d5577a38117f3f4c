// A real SMTP server for tests (the smtp-server package): it receives what the app sends and keeps
// each message, decoded enough to read links and codes. It can refuse mail for a while.
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface CapturedMail {
  to: string[];
  raw: string;
  subject: string;
  /** The message with quoted-printable soft breaks and escapes undone. */
  decoded: string;
}

export function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export interface SmtpCapture {
  url: string;
  messages: CapturedMail[];
  /** While true, every message is refused with a temporary error (451). */
  refusing: boolean;
  refusedCount: number;
  waitFor(predicate: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  /** Resolves when no SMTP session is open: the exchanges of the messages sent so far have closed. */
  closed(): Promise<void>;
  close(): Promise<void>;
}

/** Server settings that point the app at this capture, reading the outbox every 200 ms and retrying from 200 ms. */
export function quickMailSettings(smtp: SmtpCapture): Record<string, string> {
  return { SMTP_URL: smtp.url, MAIL_POLL_MS: '200', MAIL_RETRY_BASE_MS: '200' };
}

/**
 * Server settings for tests that send many e-mails through this capture: the outbox is read every
 * 200 ms and retried from 200 ms (doubling: 0.2, 0.6, 1.4, 3, 6.2 … s after the first refusal), and
 * the sending budgets are out of the way (they have their own tests).
 */
export function busyMailSettings(smtp: SmtpCapture): Record<string, string> {
  return {
    ...quickMailSettings(smtp),
    RATE_LIMIT_PER_MINUTE: '100000',
    MAIL_PER_CLIENT_PER_HOUR: '100000',
    MAIL_PER_ADDRESS_PER_DAY: '100000',
  };
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  let open = 0;
  let whenClosed: Array<() => void> = [];
  const capture: SmtpCapture = {
    url: '',
    messages: [],
    refusing: false,
    refusedCount: 0,
    async waitFor(predicate, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = capture.messages.find(predicate);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`no matching e-mail within ${timeoutMs} ms; got: ${capture.messages.map((m) => `${m.to.join(',')} "${m.subject}"`).join('; ')}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    closed: () => (open <= 0 ? Promise.resolve() : new Promise<void>((resolve) => whenClosed.push(resolve))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      open += 1;
      callback();
    },
    onClose() {
      open -= 1;
      if (open > 0) return;
      const waiting = whenClosed;
      whenClosed = [];
      for (const resolve of waiting) resolve();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        if (capture.refusing) {
          capture.refusedCount++;
          const error = new Error('Mailbox temporarily unavailable') as Error & { responseCode: number };
          error.responseCode = 451;
          return callback(error);
        }
        const decoded = decodeQuotedPrintable(raw);
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
        capture.messages.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw, subject, decoded });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  capture.url = `smtp://127.0.0.1:${port}`;
  return capture;
}

/**
 * Resolves when `app` has no e-mail left to send now: the work queued after answers (reset codes) is
 * done and the outbox is idle, so every message due was handed to the SMTP server. Check that an
 * e-mail did not come after this, never after a fixed wait.
 */
export async function mailSettled(app: FastifyInstance): Promise<void> {
  await app.accounts.settled();
  await app.mailer.idle();
}

/** The /verify/token link of a verification e-mail. */
export function verificationLinkOf(mail: CapturedMail): URL {
  const match = /https?:\/\/[^\s"<>]+\/verify\/token\?[^\s"<>]+/.exec(mail.decoded);
  if (!match) throw new Error(`no verification link in: ${mail.decoded.slice(0, 500)}`);
  return new URL(match[0].replace(/&amp;/g, '&'));
}

/** The 6-digit code of a code e-mail. */
export function codeOf(mail: CapturedMail): string {
  // The code stands on a line of its own, as a person reads it; a six-digit run elsewhere (a clinic named with a
  // random tag such as "Clinic 123456") is not it.
  const match = /^[ \t]*(\d{6})[ \t]*\r?$/m.exec(
    mail.decoded
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('\n\n'),
  );
  if (!match) throw new Error('no code in e-mail');
  return match[1]!;
}

/** The text of a message's iCalendar (text/calendar) part, decoded; throws when it has none. */
export function icsOf(mail: CapturedMail): string {
  const part = mail.raw.split(/\r?\n--/).find((p) => /Content-Type: text\/calendar/i.test(p));
  if (!part) throw new Error('no calendar part');
  const [head, ...body] = part.split(/\r?\n\r?\n/);
  const content = body.join('\r\n\r\n').trim();
  if (/base64/i.test(head!)) return Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
  return content.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
