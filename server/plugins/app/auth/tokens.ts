// JWTs (docs/product.md, Accounts and tokens): a `purpose` claim separates session tokens (7 days) from e-mail
// verification tokens (24 hours, usable once). `ver` carries users.token_version, so a password
// change or a suspension ends every older session. A practice's contact-address link
// ('verify_contact', docs/product.md 5.7) and an account's new address ('change_email', docs/product.md
// section 25) also carry the address they confirm in `email`; a backup's download link ('backup_download',
// docs/product.md 29.2) the file it opens in `file`, for two minutes.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT, jwtVerify, errors } from 'jose';
import type { Config } from '../../../config';

export type TokenPurpose = 'session' | 'verify_email' | 'verify_contact' | 'change_email' | 'backup_download' | 'message_photo' | 'message_events';
export const SESSION_TTL_SECONDS = 7 * 24 * 3600;
export const VERIFY_TTL_SECONDS = 24 * 3600;
/** A backup file's download link (docs/product.md 29.2; decision 180): the browser follows it at once. */
export const DOWNLOAD_TTL_SECONDS = 120;
/** A message photo's link (docs/product.md section 32; decision 211): shown while the thread is open. */
export const MESSAGE_PHOTO_TTL_SECONDS = 600;
/** The ticket that opens a live message stream (decision 212): EventSource cannot send a header. */
export const MESSAGE_EVENTS_TTL_SECONDS = 60;
const TTL_SECONDS: Record<TokenPurpose, number> = {
  session: SESSION_TTL_SECONDS,
  verify_email: VERIFY_TTL_SECONDS,
  verify_contact: VERIFY_TTL_SECONDS,
  change_email: VERIFY_TTL_SECONDS,
  backup_download: DOWNLOAD_TTL_SECONDS,
  message_photo: MESSAGE_PHOTO_TTL_SECONDS,
  message_events: MESSAGE_EVENTS_TTL_SECONDS,
};

export interface TokenClaims {
  sub: string;
  purpose: TokenPurpose;
  ver: number;
  jti: string;
  exp: number;
  /** verify_contact and change_email only: the address the link confirms. */
  email?: string;
  /** backup_download and message_photo only: the one file the link opens. */
  file?: string;
}

export class TokenError extends Error {
  constructor(readonly reason: 'expired' | 'invalid') {
    super(reason);
  }
}

/** JWT_SECRET, or on the embedded default a random secret generated once and kept in DATA_DIR. */
export function resolveJwtSecret(config: Config): Uint8Array {
  if (config.jwtSecret) return new TextEncoder().encode(config.jwtSecret);
  const file = path.join(config.dataDir, 'jwt-secret');
  try {
    return new Uint8Array(Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url'));
  } catch {
    fs.mkdirSync(config.dataDir, { recursive: true });
    const secret = crypto.randomBytes(48);
    fs.writeFileSync(file, secret.toString('base64url'), { mode: 0o600 });
    return new Uint8Array(secret);
  }
}

/** JWT_SECRET_PREVIOUS while a rotation is under way (docs/operations.md, "Rotating JWT_SECRET"). */
export function resolvePreviousJwtSecret(config: Config): Uint8Array | undefined {
  return config.jwtSecretPrevious ? new TextEncoder().encode(config.jwtSecretPrevious) : undefined;
}

export class TokenService {
  /** Tokens are signed with `secret` only; `previous` (the secret before a rotation) is still accepted for checking. */
  constructor(
    private readonly secret: Uint8Array,
    private readonly previous?: Uint8Array,
  ) {}

  sign(userId: number, purpose: TokenPurpose, version: number, extra: { email?: string; file?: string } = {}): Promise<string> {
    return new SignJWT({ ...extra, purpose, ver: version })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setJti(crypto.randomUUID())
      .setIssuedAt()
      .setExpirationTime(`${TTL_SECONDS[purpose]}s`)
      .sign(this.secret);
  }

  async verify(token: string, purpose: TokenPurpose): Promise<TokenClaims> {
    try {
      const { payload } = await jwtVerify(token, this.secret, { algorithms: ['HS256'] }).catch((error: unknown) => {
        // Only a signature the current secret refuses is tried against the previous one; an expired token stays expired.
        if (this.previous && error instanceof errors.JWSSignatureVerificationFailed) return jwtVerify(token, this.previous, { algorithms: ['HS256'] });
        throw error;
      });
      if (
        payload.purpose !== purpose ||
        typeof payload.sub !== 'string' ||
        typeof payload.ver !== 'number' ||
        typeof payload.jti !== 'string' ||
        typeof payload.exp !== 'number' ||
        ((purpose === 'verify_contact' || purpose === 'change_email') && typeof payload.email !== 'string') ||
        ((purpose === 'backup_download' || purpose === 'message_photo') && typeof payload.file !== 'string')
      ) {
        throw new TokenError('invalid');
      }
      return payload as unknown as TokenClaims;
    } catch (error) {
      if (error instanceof TokenError) throw error;
      if (error instanceof errors.JWTExpired) throw new TokenError('expired');
      throw new TokenError('invalid');
    }
  }
}
