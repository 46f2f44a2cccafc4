import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    status: z.enum(['up', 'down']),
    kind: z.enum(['postgres', 'pglite']),
    latency_ms: z.number().nullable(),
  }),
});

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database state',
        response: { 200: HealthResponse, 503: HealthResponse },
      },
    },
    async (request, reply) => {
      const started = performance.now();
      try {
        await app.db.execute(sql`select 1`);
        const latency = Math.round((performance.now() - started) * 10) / 10;
        return { status: 'ok' as const, database: { status: 'up' as const, kind: app.database.kind, latency_ms: latency } };
      } catch (error) {
        request.log.error({ err: error }, 'database health check failed');
        return reply.status(503).send({
          status: 'degraded',
          database: { status: 'down', kind: app.database.kind, latency_ms: null },
        });
      }
    },
  );
};

export default healthRoutes;
