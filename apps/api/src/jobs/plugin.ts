import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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
  app.addHook('onClose', async () => worker.stop());
}

export default fp(jobsPlugin, { name: 'jobs' });
