import type { InboxItem, Paginated } from '@benchmarket/shared';
import { count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { feedback, supportRequests, users } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/http-errors.js';
import { adminActor, type AuditLog } from '../audit/index.js';
import type { CurrentUser } from '../auth/index.js';
import type { FeedbackService } from '../feedback/plugin.js';
import type { SupportService } from '../support/plugin.js';

export type InboxKind = InboxItem['kind'];
export type InboxStatus = 'open' | 'done';

export const INBOX_ITEM_NOT_FOUND = 'This message was not found in the inbox.';

type Writer = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface InboxDeps {
  db: Db;
  clock: Clock;
  audit: Pick<AuditLog, 'record'>;
  /** Each kind is marked done by the module that owns its table. */
  feedback: Pick<FeedbackService, 'markDone'>;
  support: Pick<SupportService, 'markDone'>;
}

/**
 * The console's inbox (issue 14): feedback (with the page it came from) and support requests,
 * one list, newest first. It reads both tables; it writes neither — marking done goes through
 * the feedback and support modules, with the audit entry in the same transaction.
 */
export class InboxService {
  constructor(private readonly deps: InboxDeps) {}

  async list(query: { status: InboxStatus; page: number; pageSize: number }): Promise<Paginated<InboxItem>> {
    const feedbackDone = query.status === 'open' ? isNull(feedback.doneAt) : isNotNull(feedback.doneAt);
    const supportDone = query.status === 'open' ? isNull(supportRequests.doneAt) : isNotNull(supportRequests.doneAt);
    const [rows, feedbackTotal, supportTotal] = await Promise.all([
      this.feedbackItems(feedbackDone)
        .unionAll(this.supportItems(supportDone))
        .orderBy(desc(sql`created_at`), desc(sql`id`))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      this.deps.db.select({ total: count() }).from(feedback).where(feedbackDone),
      this.deps.db.select({ total: count() }).from(supportRequests).where(supportDone),
    ]);
    return {
      items: rows.map(toInboxItem),
      total: (feedbackTotal[0]?.total ?? 0) + (supportTotal[0]?.total ?? 0),
      page: query.page,
      page_size: query.pageSize,
    };
  }

  async get(kind: InboxKind, id: string): Promise<InboxItem | undefined> {
    const rows =
      kind === 'feedback'
        ? await this.feedbackItems(eq(feedback.id, id)).limit(1)
        : await this.supportItems(eq(supportRequests.id, id)).limit(1);
    return rows[0] ? toInboxItem(rows[0]) : undefined;
  }

  /** POST /admin/inbox/{kind}/{id}/done: once; marking it again answers it as it is. */
  async markDone(admin: CurrentUser, kind: InboxKind, id: string, reason: string | null): Promise<InboxItem> {
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx: Writer) => {
      const owner = kind === 'feedback' ? this.deps.feedback : this.deps.support;
      const done = await owner.markDone(id, now, tx);
      if (!done) throw notFound(INBOX_ITEM_NOT_FOUND, 'inbox_item_not_found');
      if (!done.changed) return;
      await this.deps.audit.record(
        {
          actor: adminActor(admin),
          action: 'inbox.done',
          objectType: kind === 'feedback' ? 'feedback' : 'support_request',
          objectId: id,
          before: { done_at: null },
          after: { done_at: done.doneAt.toISOString() },
          reason,
        },
        tx,
      );
    });
    const item = await this.get(kind, id);
    if (!item) throw notFound(INBOX_ITEM_NOT_FOUND, 'inbox_item_not_found');
    return item;
  }

  private feedbackItems(where: SQL) {
    return this.deps.db
      .select({
        kind: sql<InboxKind>`'feedback'`.as('kind'),
        id: feedback.id,
        ...inboxTimes(feedback),
        email: users.email,
        name: sql<string | null>`null::text`.as('name'),
        subject: sql<string | null>`null::text`.as('subject'),
        message: feedback.comment,
        page: feedback.page,
      })
      .from(feedback)
      .innerJoin(users, eq(users.id, feedback.userId))
      .where(where)
      .$dynamic();
  }

  private supportItems(where: SQL) {
    return this.deps.db
      .select({
        kind: sql<InboxKind>`'support'`.as('kind'),
        id: supportRequests.id,
        ...inboxTimes(supportRequests),
        email: supportRequests.email,
        name: supportRequests.name,
        subject: supportRequests.subject,
        message: supportRequests.message,
        page: sql<string | null>`null::text`.as('page'),
      })
      .from(supportRequests)
      .where(where)
      .$dynamic();
  }
}

/** A table's `created_at` and `done_at`, aliased alike in both legs of the inbox's union. */
function inboxTimes(table: typeof feedback | typeof supportRequests) {
  return {
    createdAt: sql<Date>`${table.createdAt}`.mapWith(table.createdAt).as('created_at'),
    doneAt: sql<Date | null>`${table.doneAt}`.mapWith(table.doneAt).as('done_at'),
  };
}

interface InboxRow {
  kind: InboxKind;
  id: string;
  createdAt: Date;
  doneAt: Date | null;
  email: string;
  name: string | null;
  subject: string | null;
  message: string;
  page: string | null;
}

function toInboxItem(row: InboxRow): InboxItem {
  return {
    kind: row.kind,
    id: row.id,
    created_at: row.createdAt.toISOString(),
    done_at: row.doneAt?.toISOString() ?? null,
    email: row.email,
    name: row.name,
    subject: row.subject,
    message: row.message,
    page: row.page,
  };
}
