// How an e-mail leaves the server: SMTP (SMTP_URL), the spec's third-party e-mail service, or, by
// default, .eml files in DATA_DIR/mail (docs/product.md, Accounts and tokens).
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../../../config';
import { PRODUCT_NAME } from '../../../../shared/constants/messages';
import type { MailAttachment } from '../../../db/schema';
import { systemClock } from '../../../lib/clock';

export interface OutgoingMail {
  to: string;
  toName: string | null;
  subject: string;
  text: string;
  html: string;
  params: Record<string, string>;
  /** Reply-To address, when answers go to someone else than the sender (a contact message). */
  replyTo?: string | null;
  /** Files sent with the message (SMTP and .eml files; the e-mail service's templates take none). */
  attachments?: MailAttachment[];
}

export interface MailTransport {
  name: string;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

function nodemailerMessage(config: Config, mail: OutgoingMail) {
  return {
    from: { name: PRODUCT_NAME, address: config.mail.from },
    to: mail.toName ? { name: mail.toName, address: mail.to } : mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    ...(mail.attachments?.length
      ? { attachments: mail.attachments.map((file) => ({ filename: file.filename, contentType: file.contentType, content: file.content })) }
      : {}),
    // RFC 8058 one-click unsubscribe: mail providers POST "List-Unsubscribe=One-Click" to the URL.
    ...(mail.params.list_unsubscribe
      ? { headers: { 'List-Unsubscribe': `<${mail.params.list_unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }
      : {}),
  };
}

export function createTransport(config: Config, log: (line: string) => void): MailTransport {
  if (config.mail.smtpUrl) {
    const transporter = nodemailer.createTransport(config.mail.smtpUrl);
    return {
      name: 'smtp',
      async send(mail) {
        await transporter.sendMail(nodemailerMessage(config, mail));
      },
      close: () => transporter.close(),
    };
  }
  const service = config.mail.emailService;
  if (service) {
    return {
      name: 'email-service',
      async send(mail) {
        // The spec's e-mail service (section 7), called from the server with its documented fields.
        const response = await fetch(`${service.baseUrl}/api/v1.0/email/send`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            lib_version: '4.4.1',
            user_id: service.publicKey,
            service_id: service.serviceId,
            template_id: service.templateId,
            ...(service.privateKey ? { accessToken: service.privateKey } : {}),
            template_params: {
              to_email: mail.to,
              to_name: mail.toName ?? '',
              from_name: PRODUCT_NAME,
              subject: mail.subject,
              message: mail.text,
              ...(mail.replyTo ? { reply_to: mail.replyTo } : {}),
              ...mail.params,
            },
          }),
          signal: AbortSignal.timeout(15_000),
        });
        const body = await response.text();
        if (response.status !== 200 && body.trim() !== 'OK') throw new Error(`e-mail service answered ${response.status}: ${body.slice(0, 200)}`);
      },
      close: () => undefined,
    };
  }
  const folder = path.join(config.dataDir, 'mail');
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    name: 'file',
    async send(mail) {
      const info = await transporter.sendMail(nodemailerMessage(config, mail));
      // Messages hold codes and sign-in links: readable by the server's user only.
      fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
      // The file's name only orders the saved messages for a person reading the folder: the system's time (decision 095).
      const file = path.join(folder, `${systemClock.now().toISOString().replace(/[:.]/g, '-')}-${mail.to.replace(/[^\w.@-]/g, '_')}.eml`);
      fs.writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      const link = mail.params.link ? ` link: ${mail.params.link}` : '';
      log(`E-mail to ${mail.to} "${mail.subject}" saved to ${file}${link}`);
    },
    close: () => undefined,
  };
}
