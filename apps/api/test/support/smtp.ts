import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail as the receiving server got it: envelope recipients plus the parsed message. */
export interface ReceivedMail {
  /** Envelope recipients, lower-cased. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  parsed: ParsedMail;
}

export interface TestSmtpServer {
  port: number;
  /** `smtp://127.0.0.1:port` for SMTP_URL. */
  url: string;
  /** Every mail received, in order. */
  readonly mails: ReceivedMail[];
  /** Mails received for `to`. */
  mailsTo(to: string): ReceivedMail[];
  /**
   * The next mail for `to` (optionally with a subject containing `subject`) that no earlier
   * call returned; waits for it up to `timeoutMs`.
   */
  waitForMail(to: string, options?: { subject?: string; timeoutMs?: number }): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A real SMTP server (the `smtp-server` package) on 127.0.0.1, collecting parsed mails. Port 0 picks a free one. */
export async function startSmtpServer(options: { port?: number } = {}): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const listeners = new Set<() => void>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: parsed.html || '',
            parsed,
          });
          for (const listener of listeners) listener();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const matching = (to: string, subject?: string) =>
    mails.find((mail) => !taken.has(mail) && mail.to.includes(to.toLowerCase()) && (!subject || mail.subject.includes(subject)));

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails,
    mailsTo: (to) => mails.filter((mail) => mail.to.includes(to.toLowerCase())),
    waitForMail(to, { subject, timeoutMs = 5000 } = {}) {
      return new Promise((resolve, reject) => {
        const check = (): boolean => {
          const mail = matching(to, subject);
          if (!mail) return false;
          taken.add(mail);
          listeners.delete(check);
          clearTimeout(timer);
          resolve(mail);
          return true;
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          const seen = mails.map((mail) => `${mail.to.join(',')}: ${mail.subject}`).join('; ') || 'none';
          reject(new Error(`no mail for ${to}${subject ? ` about "${subject}"` : ''} within ${timeoutMs} ms (received: ${seen})`));
        }, timeoutMs);
        if (!check()) listeners.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A free port on 127.0.0.1 with nothing listening (for "the SMTP server is down"). */
export async function unusedPort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** The token of the first link to `${publicUrl}${path}?token=…` in a mail's text part. */
export function tokenFromLink(mail: ReceivedMail, linkStart: string): string {
  const escaped = linkStart.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}\\?token=([A-Za-z0-9_%-]+)`).exec(mail.text);
  if (!match?.[1]) throw new Error(`no ${linkStart} link in the mail "${mail.subject}":\n${mail.text}`);
  return decodeURIComponent(match[1]);
}
