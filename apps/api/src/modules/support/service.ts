import type { Db } from '../../db/database.js';
import type { CurrentUser } from '../auth/index.js';
import type { Mailer } from '../mail/index.js';
import { supportAcknowledgementMail, supportRequestMail } from './mails.js';
import type { SupportRequest } from './schemas.js';

export interface SupportServiceDependencies {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  /** SUPPORT_EMAIL */
  supportEmail: string;
}

/** The support form (/support): mails the support address and acknowledges to the sender. No HTTP here. */
export class SupportService {
  constructor(private readonly deps: SupportServiceDependencies) {}

  /** Both mails are queued in one transaction: either both go out or neither. */
  async contact(request: SupportRequest, account: CurrentUser | null): Promise<void> {
    const { mailer, supportEmail, publicUrl } = this.deps;
    await this.deps.db.transaction(async (tx) => {
      await mailer.queue({ ...supportRequestMail(request, account), to: supportEmail, replyTo: request.email }, tx);
      await mailer.queue({ ...supportAcknowledgementMail(publicUrl), to: request.email }, tx);
    });
  }
}
