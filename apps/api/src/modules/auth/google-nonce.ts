import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { lt } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { usedGoogleNonces } from '../../db/schema.js';

/**
 * Nonces for Google sign-in (issue 12): the web app asks the API for one and hands it to
 * Google Identity Services, which puts it into the ID token. The API accepts an ID token only
 * with a nonce it issued itself (HMAC-signed, valid for an hour) that has not signed anyone in
 * before — a captured ID token cannot be replayed, and a token minted for another site cannot
 * be used here.
 */
const VALID_MS = 60 * 60_000;

export class GoogleNonces {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly db: Db,
  ) {
    this.key = createHash('sha256').update(`benchmarket google nonce\0${secret}`).digest();
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }

  issue(now: Date): string {
    const body = `${now.getTime() + VALID_MS}.${randomBytes(18).toString('base64url')}`;
    return `${body}.${this.mac(body)}`;
  }

  /** Whether `nonce` is one we issued and it has not expired (says nothing about earlier use). */
  isValid(nonce: unknown, now: Date): nonce is string {
    if (typeof nonce !== 'string' || nonce.length > 200) return false;
    const parts = nonce.split('.');
    if (parts.length !== 3) return false;
    const [expires, random, mac] = parts as [string, string, string];
    const expected = Buffer.from(this.mac(`${expires}.${random}`));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    return Number(expires) > now.getTime();
  }

  /** Marks the nonce used; false when it was used before (a replayed ID token). */
  async consume(nonce: string, now: Date): Promise<boolean> {
    const [expires] = nonce.split('.');
    const nonceHash = createHash('sha256').update(nonce).digest('hex');
    await this.db.delete(usedGoogleNonces).where(lt(usedGoogleNonces.expiresAt, now));
    const inserted = await this.db
      .insert(usedGoogleNonces)
      .values({ nonceHash, expiresAt: new Date(Number(expires)) })
      .onConflictDoNothing()
      .returning({ nonceHash: usedGoogleNonces.nonceHash });
    return inserted.length > 0;
  }
}
