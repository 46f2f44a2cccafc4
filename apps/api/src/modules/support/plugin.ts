import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SupportService } from './service.js';

export type { SupportService };

declare module 'fastify' {
  interface FastifyInstance {
    support: SupportService;
  }
}

/** The support module: decorates `app.support`; its routes call it. */
async function supportPlugin(app: FastifyInstance): Promise<void> {
  app.decorate(
    'support',
    new SupportService({ db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl, supportEmail: app.config.mail.supportEmail }),
  );
}

export default fp(supportPlugin, { name: 'support', dependencies: ['mail'] });
