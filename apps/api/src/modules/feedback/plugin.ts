import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { FeedbackService } from './service.js';

export type { FeedbackService };

declare module 'fastify' {
  interface FastifyInstance {
    feedback: FeedbackService;
  }
}

/** The feedback module: decorates `app.feedback`; its routes call it. */
async function feedbackPlugin(app: FastifyInstance): Promise<void> {
  app.decorate('feedback', new FeedbackService(app.db));
}

export default fp(feedbackPlugin, { name: 'feedback', dependencies: [] });
