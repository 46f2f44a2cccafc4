import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../../lib/http-errors.js';
import { createAppMetrics } from './definitions.js';
import type { MetricsRecorder } from './index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** What modules record: `app.metrics.mail.sent()` … (./index.ts). */
    metrics: MetricsRecorder;
  }
}

export const METRICS_PATH = '/metrics';

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The route label of a request: the pattern that matched (`/api/v1/listings/:id`), never the
 * URL a client typed. No match (unknown paths, and the web app's pages, which the not-found
 * handler answers) is `unmatched`; the web build's hashed files are one label, `/assets/*`,
 * or every deploy would bring new series.
 */
export function routeLabel(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern === undefined || request.is404) return 'unmatched';
  if (pattern.startsWith('/assets/')) return '/assets/*';
  return pattern;
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** `Authorization: Bearer <METRICS_TOKEN>`, compared in constant time. */
function presentsToken(request: FastifyRequest, expected: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1]) return false;
  return timingSafeEqual(sha256(match[1].trim()), sha256(expected));
}

/**
 * Prometheus metrics at GET /metrics (docs/decisions/024): requests by route, database pool
 * and query times, the job queue, mail, payments and search, and Node's process metrics.
 * Behind `Authorization: Bearer $METRICS_TOKEN` when METRICS_TOKEN is set, open otherwise.
 */
async function metricsPlugin(app: FastifyInstance): Promise<void> {
  const metrics = createAppMetrics({ database: app.database });
  app.decorate<MetricsRecorder>('metrics', metrics.recorder);

  const stopTiming = app.database.observeQueries((seconds, failed) => metrics.query(seconds, failed));
  app.addHook('onClose', async () => {
    stopTiming();
  });

  // A callback hook: it runs for every request, and a promise each is measurable (issue 19).
  app.addHook('onResponse', (request, reply, done) => {
    const route = routeLabel(request);
    if (route !== METRICS_PATH) {
      metrics.request(
        { method: KNOWN_METHODS.has(request.method) ? request.method : 'other', route, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    }
    done();
  });
  // The fast lane's answers (lib/fast-lane.ts) are counted under the route Fastify's path would give them.
  const stopCounting = app.fastLane.observe({
    answered(request, route, statusCode, seconds) {
      metrics.request({ method: request.method!, route, status_code: String(statusCode) }, seconds);
    },
  });
  app.addHook('onClose', async () => {
    stopCounting();
  });

  const token = app.config.metricsToken;
  app.get(
    METRICS_PATH,
    {
      // A scraper every 15 s from one address must never be refused (nor counted) by the per-IP limit.
      config: { rateLimit: false },
      schema: { hide: true },
      onRequest: async (request) => {
        if (token !== undefined && !presentsToken(request, token)) {
          throw new HttpError(401, 'The metrics need a valid bearer token (METRICS_TOKEN).', 'metrics_token', {
            'www-authenticate': 'Bearer realm="metrics"',
          });
        }
      },
    },
    async (_request, reply) => {
      const text = await metrics.registry.metrics();
      return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text);
    },
  );
}

export default fp(metricsPlugin, { name: 'metrics', dependencies: ['errors'] });
