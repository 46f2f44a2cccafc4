import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../../db/database.js';
import { sessions } from '../../db/schema.js';

const ALGORITHM = 'HS256';
/** `iss` and `aud` of every access token: tokens of another system sharing the secret are refused. */
const TOKEN_ISSUER = 'benchmarket';
const TOKEN_AUDIENCE = 'benchmarket-api';

interface AccessTokenClaims {
  userId: string;
  /** users.token_version when the token was issued; a password reset or 'log out everywhere' bumps it. */
  version: number;
  /** The token's `jti`: the id of its row in `sessions` (logout deletes the row). */
  sessionId: string;
}

type NewTokenClaims = Omit<AccessTokenClaims, 'sessionId'>;

export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    readonly ttlHours: number,
    private readonly db: Db,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  /** When a token signed at `now` expires. */
  expiresAt(now: Date): Date {
    return new Date(Math.floor(now.getTime() / 1000) * 1000 + this.ttlHours * 3600 * 1000);
  }

  /** A new session (a `sessions` row) and its access token. */
  async sign(claims: NewTokenClaims, now: Date = new Date()): Promise<string> {
    const sessionId = randomUUID();
    await this.db.insert(sessions).values({ id: sessionId, userId: claims.userId, createdAt: now, expiresAt: this.expiresAt(now) });
    const issuedAt = Math.floor(now.getTime() / 1000);
    return new SignJWT({ ver: claims.version })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(claims.userId)
      .setJti(sessionId)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(Math.floor(this.expiresAt(now).getTime() / 1000))
      .sign(this.key);
  }

  /**
   * Only HS256 is accepted (no `none`, no algorithm confusion); `exp`, `iss`, `aud`, `sub` and
   * `jti` are required and checked: a correctly signed token without an expiry is refused.
   */
  async verify(token: string, now: Date = new Date()): Promise<AccessTokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
        requiredClaims: ['exp', 'iss', 'aud', 'sub', 'jti'],
        currentDate: now,
      });
      if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number' || typeof payload.jti !== 'string') return null;
      if (!UUID.test(payload.jti)) return null;
      return { userId: payload.sub, version: payload.ver, sessionId: payload.jti };
    } catch {
      return null;
    }
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
