import type { AdminUserDetail } from '@benchmarket/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { mailingDependencies } from '../mail/index.js';
import { ConversationReports } from './conversation-reports.js';
import { ModerationService } from './service.js';
import { userDetail } from './user-detail.js';

export interface ModerationModule {
  service: ModerationService;
  /** The console's conversation reports (closed through `app.conversations`). */
  conversationReports: ConversationReports;
  /** GET /admin/users/{id}: an account and everything it did. */
  userDetail(userId: string): Promise<AdminUserDetail>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Trust and moderation (issue 14): the only writer of `listing_reports`. */
    moderation: ModerationModule;
  }
}

/**
 * The moderation module: buyers' reports, the review queue and operators' decisions about
 * listings (changed through `app.listings`, recorded through `app.audit`), the reports of
 * conversations (closed through `app.conversations`), and the console's view of an account
 * (found through `app.auth`, its payments through `app.payments`).
 */
async function moderationPlugin(app: FastifyInstance): Promise<void> {
  const service = new ModerationService({ ...mailingDependencies(app), audit: app.audit, listings: app.listings });
  app.decorate<ModerationModule>('moderation', {
    service,
    conversationReports: new ConversationReports({ db: app.db, audit: app.audit, conversations: app.conversations }),
    userDetail: (userId) =>
      userDetail(
        {
          db: app.db,
          listings: app.listings,
          user: (id) => app.auth.adminUser(id),
          payments: (id, limit) => app.payments.admin.forUser(id, limit),
        },
        userId,
      ),
  });
}

export default fp(moderationPlugin, {
  name: 'moderation',
  dependencies: ['mail', 'audit', 'listings', 'auth', 'payments', 'conversations'],
});
