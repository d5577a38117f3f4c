// A waiting e-mail's text sealed with a key that is not in the database (docs/product.md 3.11): the
// outbox row of a verification link, a reset code or a claim code holds only ciphertext, so a backup,
// the database's write-ahead log and the dead row versions an UPDATE leaves behind never hold the
// link in clear. The key is derived from the JWT secret (JWT_SECRET, or DATA_DIR/jwt-secret, which a
// backup leaves out); during a rotation the previous secret still opens rows sealed before it.
import crypto from 'node:crypto';
import type { MailAttachment } from '../../../db/schema';

/** Everything of a message that may hold a secret; the row keeps kind, recipient (and reply-to address), times and state in clear. */
export interface SealedContent {
  subject: string;
  text: string;
  html: string;
  params: Record<string, string>;
  attachments: MailAttachment[];
}

const VERSION = 'v1';

/** The outbox's own key: HKDF of the JWT secret, so the signing key itself never encrypts anything else. */
export const outboxKey = (jwtSecret: Uint8Array): Buffer =>
  Buffer.from(crypto.hkdfSync('sha256', jwtSecret, Buffer.alloc(0), 'animal-doctor e-mail outbox v1', 32));

/** AES-256-GCM with a random nonce: `v1.<nonce>.<tag>.<ciphertext>`, each base64url. */
export function seal(key: Buffer, content: SealedContent): string {
  const nonce = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, nonce);
  const body = Buffer.concat([cipher.update(JSON.stringify(content), 'utf8'), cipher.final()]);
  return [VERSION, nonce, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/** Opens a sealed text with the first key that fits; undefined when none does (sealed under a secret since replaced). */
export function unseal(keys: Buffer[], sealed: string): SealedContent | undefined {
  const [version, nonce, tag, body] = sealed.split('.');
  if (version !== VERSION || !nonce || !tag || body === undefined) return undefined;
  for (const key of keys) {
    try {
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const text = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      return JSON.parse(text) as SealedContent;
    } catch {
      // The next key (the previous JWT secret during a rotation).
    }
  }
  return undefined;
}
