import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { mailingDependencies } from '../mail/index.js';
import { MessagesService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    messages: MessagesService;
  }
}

/** The messages module: decorates `app.messages`; its routes call it. Issue 16: each message opens or continues a conversation (`app.conversations`). */
async function messagesPlugin(app: FastifyInstance): Promise<void> {
  app.decorate('messages', new MessagesService({ ...mailingDependencies(app), conversations: app.conversations }));
}

export default fp(messagesPlugin, { name: 'messages', dependencies: ['mail', 'conversations'] });
