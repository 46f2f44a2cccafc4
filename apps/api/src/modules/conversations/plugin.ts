import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { mailingDependencies } from '../mail/index.js';
import { ConversationsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Issue 16: buyer–seller conversations and offers; the only writer of their tables. */
    conversations: ConversationsService;
  }
}

/** The conversations module: decorates `app.conversations`; its routes and the messages module call it. */
async function conversationsPlugin(app: FastifyInstance): Promise<void> {
  app.decorate(
    'conversations',
    new ConversationsService({
      ...mailingDependencies(app),
      photoUrl: (key) => app.storage.url(key),
    }),
  );
}

export default fp(conversationsPlugin, { name: 'conversations', dependencies: ['mail', 'storage'] });
