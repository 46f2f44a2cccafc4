import { CONVERSATION_NOT_FOUND, type ConversationReportGroup, type ResolveReportsBody } from '@benchmarket/shared';
import { and, asc, countDistinct, eq, inArray, min, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { conversationReports, conversations, listings, users } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/http-errors.js';
import { adminActor, type AuditLog } from '../audit/index.js';
import type { CurrentUser } from '../auth/index.js';
import type { ConversationsService } from '../conversations/index.js';
import type { Page } from './service.js';
import { NO_OPEN_CONVERSATION_REPORTS } from './texts.js';

export interface ConversationReportsDependencies {
  db: Db;
  audit: Pick<AuditLog, 'record'>;
  /** The owner of `conversation_reports` closes them. */
  conversations: Pick<ConversationsService, 'closeReports'>;
}

type Admin = Pick<CurrentUser, 'id' | 'email'>;

const reportRowColumns = {
  id: conversationReports.id,
  conversationId: conversationReports.conversationId,
  reason: conversationReports.reason,
  details: conversationReports.details,
  status: conversationReports.status,
  createdAt: conversationReports.createdAt,
  reporterId: conversationReports.reporterId,
  buyerId: conversations.buyerId,
  sellerId: conversations.sellerId,
  listingId: conversations.listingId,
  listingTitle: listings.title,
};

/**
 * The console's view of the reports participants make about a conversation (issue 16,
 * decision 022): read here, closed by the conversations module. Operators see who reported
 * whom about which listing, never the conversation's text — the reporter's details say what
 * happened, and the two accounts' pages what else they did.
 */
export class ConversationReports {
  constructor(private readonly deps: ConversationReportsDependencies) {}

  /** GET /admin/conversation-reports: open reports by conversation, the oldest open report first. */
  async open(page: Page): Promise<{ items: ConversationReportGroup[]; total: number }> {
    const isOpen = eq(conversationReports.status, 'open');
    const [groups, totals] = await Promise.all([
      this.deps.db
        .select({ conversationId: conversationReports.conversationId })
        .from(conversationReports)
        .where(isOpen)
        .groupBy(conversationReports.conversationId)
        .orderBy(asc(min(conversationReports.createdAt)), asc(conversationReports.conversationId))
        .limit(page.pageSize)
        .offset((page.page - 1) * page.pageSize),
      this.deps.db
        .select({ total: countDistinct(conversationReports.conversationId) })
        .from(conversationReports)
        .where(isOpen),
    ]);
    const ids = groups.map((group) => group.conversationId);
    const items =
      ids.length === 0 ? [] : await this.groups(this.deps.db, ids, and(inArray(conversationReports.conversationId, ids), isOpen)!);
    return { items, total: totals[0]?.total ?? 0 };
  }

  /**
   * POST /admin/conversations/{id}/reports/resolve: every open report of the conversation at
   * once, dismissed or acted on (blocking or suspending an account is its own action). Each
   * report's outcome and the reason are in the audit log, written in the same transaction.
   */
  async resolve(admin: Admin, conversationId: string, body: ResolveReportsBody): Promise<ConversationReportGroup> {
    return this.deps.db.transaction(async (tx) => {
      const [conversation] = await tx
        .select({ id: conversations.id })
        .from(conversations)
        .where(eq(conversations.id, conversationId))
        .limit(1);
      if (!conversation) throw notFound(CONVERSATION_NOT_FOUND, 'conversation_not_found');
      const closed = await this.deps.conversations.closeReports(tx, conversation.id, body.outcome);
      if (closed.length === 0) throw conflict(NO_OPEN_CONVERSATION_REPORTS, 'no_open_reports');
      for (const reportId of closed) {
        await this.deps.audit.record(
          {
            actor: adminActor(admin),
            action: `conversation_report.${body.outcome === 'dismissed' ? 'dismiss' : 'action'}`,
            objectType: 'report',
            objectId: reportId,
            before: { status: 'open' },
            after: { status: body.outcome, conversation_id: conversation.id },
            reason: body.reason,
          },
          tx,
        );
      }
      const [group] = await this.groups(tx, [conversation.id], inArray(conversationReports.id, closed));
      return group!;
    });
  }

  /** The reports `where` picks, grouped by conversation in the order of `ids`, each with both accounts' emails. */
  private async groups(db: Pick<Db, 'select'>, ids: readonly string[], where: SQL): Promise<ConversationReportGroup[]> {
    const rows = await db
      .select(reportRowColumns)
      .from(conversationReports)
      .innerJoin(conversations, eq(conversations.id, conversationReports.conversationId))
      .innerJoin(listings, eq(listings.id, conversations.listingId))
      .where(where)
      .orderBy(asc(conversationReports.createdAt), asc(conversationReports.id));
    const people = new Set(rows.flatMap((row) => [row.buyerId, row.sellerId]));
    const emails = new Map(
      people.size === 0
        ? []
        : (
            await db
              .select({ id: users.id, email: users.email })
              .from(users)
              .where(inArray(users.id, [...people]))
          ).map((user) => [user.id, user.email]),
    );
    const party = (id: string) => ({ id, email: emails.get(id) ?? '' });
    return ids.flatMap((id) => {
      const reports = rows.filter((row) => row.conversationId === id);
      const first = reports[0];
      if (!first) return [];
      return [
        {
          conversation_id: id,
          listing: { id: first.listingId, title: first.listingTitle },
          reports: reports.map((row) => ({
            id: row.id,
            reason: row.reason,
            details: row.details,
            reporter: party(row.reporterId),
            // Only the two participants report a conversation: the reported account is the other one.
            reported: party(row.reporterId === row.buyerId ? row.sellerId : row.buyerId),
            status: row.status,
            created_at: row.createdAt.toISOString(),
          })),
        },
      ];
    });
  }
}
