import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post of an alert mail (issue 16). */
  headers?: Record<string, string>;
}

/** The mail port: SMTP when SMTP_URL is set, otherwise .eml files in DATA_DIR/outbox. */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail({ from, ...mail });
    },
    close: () => transporter.close(),
  };
}

/** The part of an address after the '@' (what a log line may say about a recipient). */
function recipientDomain(address: string): string {
  const at = address.lastIndexOf('@');
  return at === -1
    ? ''
    : address
        .slice(at + 1)
        .replace(/>.*$/, '')
        .trim()
        .toLowerCase();
}

/**
 * Local default: each mail saved as a file a person can open (DATA_DIR/outbox/<id>.eml);
 * the log says only that a mail was saved, to which domain, with which subject and id.
 */
export function createOutboxTransport(outboxDir: string, from: string, log: FastifyBaseLogger): MailTransport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(mail) {
      const info = await builder.sendMail({ from, ...mail });
      await mkdir(outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replaceAll(':', '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(outboxDir, name);
      await writeFile(file, info.message as Buffer);
      // Never the links or the text: a verification or reset link in a log is a way into the account.
      log.info({ toDomain: recipientDomain(mail.to), subject: mail.subject, id: name }, `mail saved to the outbox: ${mail.subject}`);
    },
    close: () => builder.close(),
  };
}
