import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastAnswer, FastAnswerer } from '../../lib/fast-lane.js';
import { fastSerializer } from '../../lib/fast-serializer.js';

const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    status: z.enum(['up', 'down']),
    kind: z.enum(['postgres', 'pglite']),
    latency_ms: z.number().nullable(),
  }),
});

const ReadyResponse = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.enum(['up', 'down']),
  migrations: z.enum(['current', 'pending', 'unknown']),
  /** Why the process is not ready (absent when it is). */
  detail: z.string().optional(),
});

/** apps/api/drizzle, from src/modules/health and from dist/modules/health alike. */
const JOURNAL = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle/meta/_journal.json');

/**
 * The migrations this build expects, by the `created_at` drizzle's migrator records for each:
 * the journal entry's `when` (drizzle keeps them in drizzle.__drizzle_migrations on PGlite
 * and PostgreSQL alike).
 */
function expectedMigrations(): Map<number, string> {
  const journal = JSON.parse(readFileSync(JOURNAL, 'utf8')) as { entries: { when: number; tag: string }[] };
  return new Map(journal.entries.map((entry) => [entry.when, entry.tag]));
}

/** Built once: the liveness check is the most frequent request a load balancer makes. */
const PING = sql`select 1`;
/** How long one answer of the database stands for every health check (issue 19). */
export const PING_REUSE_MS = 1000;

type PingResult = { up: true; latencyMs: number } | { up: false; error: unknown };

/** A health check answered from the last ping, and that ping's answer while it stands. */
export interface SharedPing {
  (): Promise<PingResult>;
  /** The last ping's answer if it came back less than PING_REUSE_MS after it was asked; undefined otherwise. */
  standing(): PingResult | undefined;
}

/**
 * The database's answer to `select 1`, asked at most once per PING_REUSE_MS however many
 * health checks arrive: checks that come while a ping is out wait for that ping, later ones
 * within the window get its answer. A load balancer's checks (and a benchmark's) then cost
 * no database round trip each, and the answer is never older than a second.
 */
export function sharedPing(ping: () => Promise<unknown>, now: () => number = performance.now.bind(performance)): SharedPing {
  let last: { at: number; result: Promise<PingResult> } | undefined;
  let answered: { at: number; result: PingResult } | undefined;
  const check = () => {
    const at = now();
    if (last && at - last.at < PING_REUSE_MS) return last.result;
    const result = ping().then(
      (): PingResult => ({ up: true, latencyMs: Math.round((now() - at) * 10) / 10 }),
      (error: unknown): PingResult => ({ up: false, error }),
    );
    void result.then((settled) => {
      if (last?.result === result) answered = { at, result: settled };
    });
    last = { at, result };
    return result;
  };
  return Object.assign(check, {
    standing: () => (answered && now() - answered.at < PING_REUSE_MS ? answered.result : undefined),
  });
}

/** The health answer with the database up, as the route's schema writes it. */
function healthyAnswer(kind: 'postgres' | 'pglite', latencyMs: number) {
  return { status: 'ok' as const, database: { status: 'up' as const, kind, latency_ms: latencyMs } };
}

/**
 * Issue 19: a health check while the last ping stands is answered by the fast lane, before
 * Fastify — the most frequent request a load balancer makes, with an answer already in memory.
 * A ping that failed or is a second old leaves the check to the route, which asks again and
 * logs a failure. Not counted by the flood guard: sending this answer costs less than
 * counting it (decision 033).
 */
function healthFromMemory(app: FastifyInstance, url: string, ping: SharedPing): FastAnswerer {
  const write = fastSerializer({ schema: HealthResponse });
  let prepared: { ping: PingResult; answer: FastAnswer } | undefined;
  return () => {
    const standing = ping.standing();
    if (!standing?.up) return undefined;
    if (prepared?.ping !== standing) {
      const body = Buffer.from(write(healthyAnswer(app.database.kind, standing.latencyMs)));
      const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length };
      prepared = { ping: standing, answer: app.fastLane.prepare({ route: url, headers, body }) };
    }
    return prepared.answer;
  };
}

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const expected = expectedMigrations();
  const pingDatabase = sharedPing(() => app.db.execute(PING));
  const healthUrl = `${app.prefix}/health`;
  app.fastLane.at(healthUrl, healthFromMemory(app, healthUrl, pingDatabase));

  app.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers and every migration of this build is applied',
        description:
          'For a load balancer or an orchestrator: 200 when this process can serve, 503 with the reason otherwise ' +
          '(database down, or a migration of this build not applied to its database). /health stays the liveness check.',
        response: { 200: ReadyResponse, 503: ReadyResponse },
      },
    },
    async (request, reply) => {
      let applied: Set<number>;
      try {
        const result = await app.db.execute<{ created_at: number | string }>(sql`select created_at from drizzle.__drizzle_migrations`);
        applied = new Set(result.rows.map((row) => Number(row.created_at)));
      } catch (error) {
        // Connected but without the table (a database never migrated) is "pending", not "down".
        const code = (error as { cause?: { code?: string }; code?: string }).cause?.code ?? (error as { code?: string }).code;
        if (code === '42P01' || code === '3F000') {
          return reply.status(503).send({
            status: 'not_ready',
            database: 'up',
            migrations: 'pending',
            detail: 'The database has no migrations applied. Run the migrations.',
          });
        }
        request.log.error({ err: error }, 'readiness check: the database did not answer');
        return reply
          .status(503)
          .send({ status: 'not_ready', database: 'down', migrations: 'unknown', detail: 'The database does not answer.' });
      }
      const pending = [...expected].filter(([when]) => !applied.has(when)).map(([, tag]) => tag);
      if (pending.length > 0) {
        return reply.status(503).send({
          status: 'not_ready',
          database: 'up',
          migrations: 'pending',
          detail: `${pending.length} migration${pending.length === 1 ? '' : 's'} not applied: ${pending.join(', ')}.`,
        });
      }
      return { status: 'ready' as const, database: 'up' as const, migrations: 'current' as const };
    },
  );

  app.get(
    '/health',
    {
      serializerCompiler: fastSerializer,
      // The answer (~80 bytes) is under any compression threshold and the request has no body:
      // the compression plugin's three hooks per request would do nothing (issue 19).
      compress: false,
      decompress: false,
      schema: {
        tags: ['health'],
        summary: 'Liveness and database state',
        response: { 200: HealthResponse, 503: HealthResponse },
      },
    },
    async (request, reply) => {
      const ping = await pingDatabase();
      if (ping.up) return healthyAnswer(app.database.kind, ping.latencyMs);
      request.log.error({ err: ping.error }, 'database health check failed');
      return reply.status(503).send({
        status: 'degraded',
        database: { status: 'down', kind: app.database.kind, latency_ms: null },
      });
    },
  );
};

export default healthRoutes;
