import { ADMIN_ONLY } from '@benchmarket/shared';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sessions, users } from '../../db/schema.js';
import { forbidden, unauthorized } from '../../lib/http-errors.js';
import { RateLimiter } from '../../lib/rate-limiter.js';
import { AccessTokens } from './tokens.js';

export interface CurrentUser {
  id: string;
  email: string;
  isVerified: boolean;
  /** 'admin' may call `/api/v1/admin/…` (issue 14). */
  role: 'user' | 'admin';
  /** The session (token `jti`) the request came with: logout ends it. */
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, when a valid bearer token came with the request (set by the auth hooks). */
    currentUser: CurrentUser | null;
  }
  interface FastifyInstance {
    tokens: AccessTokens;
    rateLimiter: RateLimiter;
    /** preHandler: 401 unless a valid bearer token. */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** preHandler: 401 unless logged in, 403 with `message` unless verified. */
    requireVerifiedUser: (message: string) => (request: FastifyRequest) => Promise<void>;
    /** preHandler: 401 unless logged in, 403 'Only BenchMarket administrators can do this.' unless an admin. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
    /** preHandler: sets request.currentUser when a valid token came, never refuses. */
    optionalUser: (request: FastifyRequest) => Promise<void>;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * Who is calling: verifies the bearer token (HS256 only; exp, iss, aud required) and, in one
 * query by primary keys, that the account still exists with the same token version and that
 * the token's session row is still there — so tokens issued before a password reset or
 * 'log out everywhere', and a logged-out token, stop working.
 */
async function authContextPlugin(app: FastifyInstance): Promise<void> {
  app.decorate('tokens', new AccessTokens(app.config.jwt.secret, app.config.jwt.ttlHours, app.db));
  app.decorate('rateLimiter', new RateLimiter(app.db, app.clock, app.config.rateLimits.enabled));
  app.decorateRequest('currentUser', null);

  async function resolveUser(request: FastifyRequest): Promise<CurrentUser | null> {
    const token = bearerToken(request);
    if (!token) return null;
    const now = app.clock.now();
    const claims = await app.tokens.verify(token, now);
    if (!claims) return null;
    const [user] = await app.db
      .select({
        id: users.id,
        email: users.email,
        isVerified: users.isVerified,
        role: users.role,
        tokenVersion: users.tokenVersion,
        suspendedAt: users.suspendedAt,
      })
      .from(users)
      .innerJoin(sessions, and(eq(sessions.id, claims.sessionId), eq(sessions.userId, users.id), gt(sessions.expiresAt, now)))
      .where(eq(users.id, claims.userId))
      .limit(1);
    // A suspended account's tokens stop working at once (its sessions are also ended on suspension).
    if (!user || user.tokenVersion !== claims.version || user.suspendedAt) return null;
    return { id: user.id, email: user.email, isVerified: user.isVerified, role: user.role, sessionId: claims.sessionId };
  }

  app.decorate('optionalUser', async (request: FastifyRequest) => {
    request.currentUser = await resolveUser(request);
  });

  app.decorate('requireUser', async (request: FastifyRequest) => {
    request.currentUser = await resolveUser(request);
    if (!request.currentUser) throw unauthorized('Could not validate credentials');
  });

  app.decorate('requireVerifiedUser', (message: string) => async (request: FastifyRequest) => {
    await app.requireUser(request);
    if (!request.currentUser?.isVerified) throw forbidden(message, 'not_verified');
  });

  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    await app.requireUser(request);
    if (request.currentUser?.role !== 'admin') throw forbidden(ADMIN_ONLY, 'not_admin');
  });
}

export default fp(authContextPlugin, { name: 'auth-context' });

/** The caller of a route guarded by requireUser. */
export function currentUserOf(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw unauthorized('Could not validate credentials');
  return request.currentUser;
}
