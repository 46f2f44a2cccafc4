import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { enqueueJob, type DbOrTx } from '../../jobs/queue.js';
import type { MailContent } from './templates.js';
import { createOutboxTransport, createSmtpTransport, type MailTransport, type OutgoingMail } from '../../providers/mail/index.js';

export const MAIL_JOB = 'mail.send';

/**
 * What a mail job keeps once the mail was sent or finally failed: the recipient and the
 * subject, never the text or the HTML — a reset or verification link read from the database
 * would open the account (issue 12).
 */
function redactMailPayload(payload: Record<string, unknown>): Record<string, unknown> {
  return { to: payload.to, subject: payload.subject, redacted: true };
}

export interface Mailer {
  readonly transport: MailTransport;
  /**
   * Queues a mail in the database (in the caller's transaction when given); the worker sends
   * it with retries, so an SMTP outage loses nothing.
   */
  queue(mail: MailContent & { to: string; replyTo?: string; headers?: Record<string, string> }, db?: DbOrTx): Promise<void>;
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

  // The job is marked done (and its payload redacted) as soon as send resolves, i.e. when the
  // SMTP server has accepted the message. The Message-ID is fixed when the mail is queued, so
  // a crash in that last moment that sends it again gives mail clients the same message (they can tell it is one).
  app.worker.handle(
    MAIL_JOB,
    async (payload) => {
      try {
        await transport.send(payload as unknown as OutgoingMail);
      } catch (error) {
        app.metrics.mail.failed();
        throw error;
      }
      app.metrics.mail.sent();
    },
    { redact: redactMailPayload },
  );

  app.decorate<Mailer>('mailer', {
    transport,
    async queue(mail, db = app.db) {
      const domain = (from.match(/@([^>\s]+)/)?.[1] ?? 'benchmarket.local').toLowerCase();
      const payload: OutgoingMail & { messageId: string } = {
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: `<${randomUUID()}@${domain}>`,
      };
      if (mail.replyTo) payload.replyTo = mail.replyTo;
      if (mail.headers) payload.headers = mail.headers;
      await enqueueJob(db, MAIL_JOB, { ...payload });
    },
  });
  app.addHook('onClose', async () => transport.close());
}

export default fp(mailPlugin, { name: 'mail', dependencies: ['jobs', 'metrics'] });
