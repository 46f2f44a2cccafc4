import type { IncomingMessage, ServerResponse } from 'node:http';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { Redis } from 'ioredis';
import { tooManyRequests } from '../lib/http-errors.js';

/** The CSP allows the two outside scripts the product uses: Stripe Elements and Google Identity Services. */
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", 'https://js.stripe.com', 'https://accounts.google.com'],
      styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com'],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      connectSrc: ["'self'", 'https://api.stripe.com', 'https://accounts.google.com'],
      frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com', 'https://accounts.google.com'],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  // Google's sign-in popup talks back to the opener window.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  crossOriginEmbedderPolicy: false,
};

/**
 * The security headers helmet sets, worked out once at start: they depend on nothing in the
 * request. (@fastify/helmet built helmet anew and parsed the CSP on every request: 9% of a
 * health check's CPU; issue 19.)
 */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

let productHeaders: Record<string, string> | undefined;

/** The headers every answer carries, Fastify's and the fast lane's (lib/fast-lane.ts) alike. */
export function productSecurityHeaders(): Record<string, string> {
  productHeaders ??= securityHeaders(HELMET_OPTIONS);
  return productHeaders;
}

/**
 * Security headers, compression and the global rate limit.
 */
async function securityPlugin(app: FastifyInstance): Promise<void> {
  const headers = productSecurityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip', 'deflate'],
    // A response already in memory (every JSON answer) is compressed in one call up to 64 KB:
    // a compression stream per response cost more CPU than the compression itself (the
    // latest listings, ~20 KB, took 1.4 ms more CPU streamed); on two cores there is no spare
    // core for the stream's thread pool to use anyway.
    syncThreshold: 64 * 1024,
  });

  if (app.config.rateLimits.enabled) {
    // A per-process guard against floods. The limits that protect accounts (login, register,
    // mail, messages) are kept in the database so every API process shares them.
    await app.register(rateLimit, {
      global: true,
      max: app.config.rateLimits.globalPerMinute,
      timeWindow: '1 minute',
      // The web app's files (a page load is a dozen of them, cached and compressed once) are
      // not counted: counting them would cap browsing, not abuse. Decided by the route that
      // matched, not the raw URL, which a client can spell another way (/%61pi/...).
      allowList: (request) => isWebAppFile(request.routeOptions.url),
      errorResponseBuilder: (_request, context) => {
        const error = tooManyRequests(`Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`);
        return error;
      },
      ...sharedFloodCounter(app),
    });
    // The limit is attached to each route as it is registered, and the not-found handler is
    // no route: without this, requests for unknown paths (a scanner's, or the web app's
    // client-side pages, each a page load served by that handler) were never counted.
    // (The plugin's handler is async and needs no `this`, whatever its declared type says.)
    const limitUnknownRoutes = app.rateLimit() as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    app.addHook('onRequest', async (request, reply) => {
      if (request.is404) await limitUnknownRoutes(request, reply);
    });
  }
}

/**
 * With REDIS_URL, every API process counts the flood guard in one Redis (issue 17). Redis
 * unreachable: requests pass (`skipOnError`) rather than fail — it is a guard against floods,
 * and the limits that protect accounts are kept in PostgreSQL.
 */
function sharedFloodCounter(app: FastifyInstance): { redis?: Redis; nameSpace?: string; skipOnError?: boolean } {
  const url = app.config.rateLimits.redisUrl;
  if (!url) return {};
  const redis = new Redis(url, { connectTimeout: 2000, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  let reported = false;
  redis.on('error', (error: Error) => {
    // ioredis reconnects by itself; one line per outage, not one per retry.
    if (!reported) app.log.warn({ err: error }, 'Redis (REDIS_URL) unreachable: the flood guard lets requests through until it is back');
    reported = true;
  });
  redis.on('ready', () => {
    reported = false;
  });
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  return { redis, nameSpace: 'benchmarket-flood:', skipOnError: true };
}

/** A route of the built web app's files (registered one per file), not the API and not a 404. */
function isWebAppFile(route: string | undefined): boolean {
  return route !== undefined && !route.startsWith('/api/');
}

export default fp(securityPlugin, { name: 'security', dependencies: ['errors'] });
