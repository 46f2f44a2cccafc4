import type { Db } from '../../db/database.js';
import { markDoneOnce } from '../../db/mark-done.js';
import { supportRequests } from '../../db/schema.js';
import type { CurrentUser } from '../auth/index.js';
import type { Mailer } from '../mail/index.js';
import { supportAcknowledgementMail, supportRequestMail } from './mails.js';
import type { SupportRequest } from './schemas.js';

interface SupportServiceDependencies {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  /** SUPPORT_EMAIL */
  supportEmail: string;
}

/** What marking a request done touches: the app's db or the inbox's transaction. */
type Writer = Pick<Db, 'select' | 'update'>;

/**
 * The support form (/support): kept in `support_requests` for the console's inbox (issue 14),
 * mailed to the support address, and acknowledged to the sender. No HTTP here.
 */
export class SupportService {
  constructor(private readonly deps: SupportServiceDependencies) {}

  /** The request and both mails are written in one transaction: all of them, or none. */
  async contact(request: SupportRequest, account: CurrentUser | null): Promise<void> {
    const { mailer, supportEmail, publicUrl } = this.deps;
    await this.deps.db.transaction(async (tx) => {
      await tx.insert(supportRequests).values({
        userId: account?.id ?? null,
        name: request.name,
        email: request.email,
        subject: request.subject ?? null,
        message: request.message,
      });
      await mailer.queue({ ...supportRequestMail(request, account), to: supportEmail, replyTo: request.email }, tx);
      await mailer.queue({ ...supportAcknowledgementMail(publicUrl), to: request.email }, tx);
    });
  }

  /**
   * The console's inbox marks a request done (in its transaction, beside the audit entry).
   * Answers when it was done — now, or earlier — or null for an unknown id.
   */
  markDone(id: string, now: Date, db: Writer = this.deps.db): Promise<{ doneAt: Date; changed: boolean } | null> {
    return markDoneOnce(db, supportRequests, id, now);
  }
}
