import { createHash } from 'node:crypto';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail as the SMTP stand-in received it. */
export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  /** Recipients, subject and text: the same queued mail delivered twice has the same key. */
  key: string;
  receivedAt: number;
}

export interface MailCatcher {
  url: string;
  readonly mails: CaughtMail[];
  /** The newest mail for `to` whose subject starts with `subject`, waiting up to `timeoutMs`. */
  waitFor(to: string, subject: string, timeoutMs: number): Promise<CaughtMail | undefined>;
  close(): Promise<void>;
}

/**
 * The SMTP server the API delivers to during the crash test (smtp-server, as the API tests
 * use): it outlives every API process, so it counts each delivery of every mail.
 */
export async function startMailCatcher(): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()).sort();
          const subject = parsed.subject ?? '';
          const text = (parsed.text ?? '').trim();
          const key = createHash('sha256')
            .update(JSON.stringify([to, subject, text]))
            .digest('hex');
          mails.push({ to, subject, text, key, receivedAt: Date.now() });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(to, subject, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.filter((mail) => mail.to.includes(to.toLowerCase()) && mail.subject.startsWith(subject)).at(-1);
        if (found || Date.now() > deadline) return found;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
