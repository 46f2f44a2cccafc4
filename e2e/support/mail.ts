import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { SMTPServer } from 'smtp-server';

/** The parts of mailparser's ParsedMail we read (mailparser ships no types). */
interface ParsedAddress {
  text: string;
}
interface ParsedMail {
  subject?: string;
  text?: string;
  html?: string | false;
  from?: ParsedAddress;
  to?: ParsedAddress | ParsedAddress[];
}
const require = createRequire(import.meta.url);
const { simpleParser } = require('mailparser') as {
  simpleParser: (source: Readable | Buffer) => Promise<ParsedMail>;
};

export interface ReceivedMail {
  /** Envelope recipients, lower-cased. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link in the text body, in order. */
  links: string[];
}

export interface MailCatcher {
  /** For the server's SMTP_URL: plain SMTP on 127.0.0.1, no TLS, no login. */
  smtpUrl: string;
  /** Every mail received so far. */
  mails: readonly ReceivedMail[];
  /**
   * The first mail to `to` whose subject matches, not returned before; waits for it to arrive
   * (the server sends mail from its worker, shortly after the request).
   */
  waitForMail(to: string, subject: RegExp, timeoutMs?: number): Promise<ReceivedMail>;
  stop(): Promise<void>;
}

interface Waiter {
  matches: (mail: ReceivedMail) => boolean;
  resolve: (mail: ReceivedMail) => void;
}

/** A real SMTP server (the `smtp-server` package) on a free port that keeps what it receives. */
export async function startMailCatcher(): Promise<MailCatcher> {
  const mails: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  let waiters: Waiter[] = [];

  const deliver = (mail: ReceivedMail) => {
    mails.push(mail);
    const waiter = waiters.find((candidate) => candidate.matches(mail));
    if (!waiter) return;
    waiters = waiters.filter((candidate) => candidate !== waiter);
    taken.add(mail);
    waiter.resolve(mail);
  };

  const server = new SMTPServer({
    // Plain SMTP on loopback, as a local relay would be: nodemailer sends without TLS or login.
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const recipients = session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase());
      simpleParser(stream).then(
        (parsed) => {
          const text = parsed.text ?? '';
          deliver({
            to: recipients,
            from: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text,
            html: parsed.html || '',
            links: text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? [],
          });
          callback();
        },
        (error: unknown) => {
          callback(error instanceof Error ? error : new Error(String(error)));
        },
      );
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    smtpUrl: `smtp://127.0.0.1:${String(port)}`,
    mails,
    waitForMail(to, subject, timeoutMs = 40_000) {
      const address = to.toLowerCase();
      const matches = (mail: ReceivedMail) => !taken.has(mail) && mail.to.includes(address) && subject.test(mail.subject);
      const arrived = mails.find(matches);
      if (arrived) {
        taken.add(arrived);
        return Promise.resolve(arrived);
      }
      return new Promise<ReceivedMail>((resolve, reject) => {
        const waiter: Waiter = {
          matches,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters = waiters.filter((candidate) => candidate !== waiter);
          const seen = mails.map((mail) => `${mail.to.join(',')}: ${mail.subject}`).join('; ') || 'none';
          reject(
            new Error(`No mail to ${to} with a subject matching ${String(subject)} within ${String(timeoutMs)} ms (received: ${seen})`),
          );
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

/** The first link in a mail whose path matches, e.g. linkIn(mail, '/verify-email'). */
export function linkIn(mail: ReceivedMail, pathname: string): string {
  const link = mail.links.find((candidate) => new URL(candidate).pathname === pathname);
  if (!link) throw new Error(`No ${pathname} link in the mail "${mail.subject}": ${mail.links.join(', ') || 'no links'}`);
  return link;
}
