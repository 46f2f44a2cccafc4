import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { enqueueJob, type DbOrTx } from '../../jobs/queue.js';
import type { MailContent } from './templates.js';
import { createOutboxTransport, createSmtpTransport, type MailTransport, type OutgoingMail } from './transport.js';

export const MAIL_JOB = 'mail.send';

export interface Mailer {
  readonly transport: MailTransport;
  /**
   * Queues a mail in the database (in the caller's transaction when given); the worker sends
   * it with retries, so an SMTP outage loses nothing.
   */
  queue(mail: MailContent & { to: string; replyTo?: string }, db?: DbOrTx): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

async function mailPlugin(app: FastifyInstance): Promise<void> {
  const { smtpUrl, from } = app.config.mail;
  const transport = smtpUrl
    ? createSmtpTransport(smtpUrl, from)
    : createOutboxTransport(path.join(app.config.dataDir, 'outbox'), from, app.log);

  app.worker.handle(MAIL_JOB, async (payload) => {
    await transport.send(payload as unknown as OutgoingMail);
  });

  app.decorate<Mailer>('mailer', {
    transport,
    async queue(mail, db = app.db) {
      const payload: OutgoingMail = { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html };
      if (mail.replyTo) payload.replyTo = mail.replyTo;
      await enqueueJob(db, MAIL_JOB, { ...payload });
    },
  });
  app.addHook('onClose', async () => transport.close());
}

export default fp(mailPlugin, { name: 'mail', dependencies: ['jobs'] });
