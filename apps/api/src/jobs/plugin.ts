import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Retention, RETENTION_EVERY_MS, RETENTION_TASK } from './retention.js';
import { Worker } from './worker.js';

declare module 'fastify' {
  interface FastifyInstance {
    worker: Worker;
  }
}

/** The worker exists in every app (modules register their job handlers on it); it polls only when started. */
async function jobsPlugin(app: FastifyInstance): Promise<void> {
  const worker = new Worker(app.db, app.log, app.clock);
  app.decorate('worker', worker);
  const retention = new Retention(app.db, app.clock, app.log.child({ module: 'retention' }));
  worker.every(RETENTION_TASK, RETENTION_EVERY_MS, async () => {
    await retention.run();
  });
  app.addHook('onClose', async () => worker.stop());
}

export default fp(jobsPlugin, { name: 'jobs' });
