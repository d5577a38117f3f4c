// Rotating JWT_SECRET (docs/operations.md, "Rotating JWT_SECRET"): with the old secret as
// JWT_SECRET_PREVIOUS, sessions it signed still open until they expire, new ones are signed with the new
// secret only, and a token signed with any other secret, or expired, is refused.
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import { TokenError, TokenService, resolvePreviousJwtSecret } from './tokens';

const OLD = 'the-old-secret-the-old-secret-0123456789';
const NEW = 'the-new-secret-the-new-secret-0123456789';
const key = (secret: string) => new TextEncoder().encode(secret);

describe('JWT_SECRET_PREVIOUS', () => {
  it('keeps sessions signed with the previous secret open, and signs new ones with the current secret only', async () => {
    const before = new TokenService(key(OLD));
    const oldSession = await before.sign(7, 'session', 0);
    const rotated = new TokenService(key(NEW), resolvePreviousJwtSecret(loadConfig({ JWT_SECRET: NEW, JWT_SECRET_PREVIOUS: OLD })));
    expect((await rotated.verify(oldSession, 'session')).sub).toBe('7');
    const newSession = await rotated.sign(8, 'session', 0);
    // The old secret alone does not open a session signed after the rotation.
    await expect(before.verify(newSession, 'session')).rejects.toEqual(new TokenError('invalid'));
    // Once JWT_SECRET_PREVIOUS is removed, the old sessions end.
    await expect(new TokenService(key(NEW)).verify(oldSession, 'session')).rejects.toEqual(new TokenError('invalid'));
  });

  it('refuses a token signed with any other secret, and an expired token signed with the previous one', async () => {
    const rotated = new TokenService(key(NEW), key(OLD));
    const forged = await new TokenService(key('an-attackers-secret-an-attackers-secret')).sign(1, 'session', 0);
    await expect(rotated.verify(forged, 'session')).rejects.toEqual(new TokenError('invalid'));
    const expired = await new SignJWT({ purpose: 'session', ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setJti('x')
      .setIssuedAt(1_000)
      .setExpirationTime(2_000)
      .sign(key(OLD));
    await expect(rotated.verify(expired, 'session')).rejects.toEqual(new TokenError('expired'));
  });

  it('is checked at start-up: as long as JWT_SECRET, different from it, and only with it', () => {
    expect(() => loadConfig({ JWT_SECRET: NEW, JWT_SECRET_PREVIOUS: 'short' })).toThrow('JWT_SECRET_PREVIOUS must be at least 32 characters long');
    expect(() => loadConfig({ JWT_SECRET: NEW, JWT_SECRET_PREVIOUS: NEW })).toThrow('JWT_SECRET_PREVIOUS must differ from JWT_SECRET');
    expect(() => loadConfig({ JWT_SECRET_PREVIOUS: OLD })).toThrow('JWT_SECRET_PREVIOUS must be set together with JWT_SECRET');
    expect(() => loadConfig({ BACKUP_EVERY_HOURS: 'daily' })).toThrow('BACKUP_EVERY_HOURS must be a whole number, got "daily"');
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow('BACKUP_KEEP must be between 1 and 1000, got 0');
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN must be at least 32 characters long');
    expect(loadConfig({}).backup).toEqual({ everyHours: 24, keep: 7 });
  });
});
