import type { AuditEntry } from '@benchmarket/shared';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { auditLog } from '../../db/schema.js';

/**
 * Who did it: an admin (their id and email at the time), the command line, or an outside
 * system whose news changed something an admin must see (a Stripe dispute ends a listing).
 */
export type AuditActor =
  { kind: 'admin'; id: string; email: string } | { kind: 'cli'; description: string } | { kind: 'system'; description: string };

export interface AuditRecord {
  actor: AuditActor;
  /** What was done, as a verb phrase id: 'listing.approve', 'user.suspend', 'payment.refund', 'role.grant' … */
  action: string;
  objectType: 'listing' | 'user' | 'payment' | 'report' | 'setting' | 'feedback' | 'support_request';
  objectId: string;
  /** The fields the action changed, as they were and as they are now. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  reason?: string | null;
}

/**
 * The audit log (issue 14): every admin action, written in the transaction of the change it
 * records, so neither exists without the other. Append-only: the table refuses UPDATE and
 * DELETE (a trigger, migration 0015); this module has no way to change a row either.
 */
export class AuditLog {
  constructor(private readonly db: Db) {}

  async record(entry: AuditRecord, db: Pick<Db, 'insert'> = this.db): Promise<void> {
    await db.insert(auditLog).values({
      adminId: entry.actor.kind === 'admin' ? entry.actor.id : null,
      actor: entry.actor.kind === 'admin' ? entry.actor.email : `${entry.actor.kind} (${entry.actor.description})`,
      action: entry.action,
      objectType: entry.objectType,
      objectId: entry.objectId,
      before: entry.before ?? null,
      after: entry.after ?? null,
      reason: entry.reason ?? null,
    });
  }

  /** Newest first; optionally the entries of one object. */
  async list(query: { page: number; pageSize: number; objectId?: string }): Promise<{ items: AuditEntry[]; total: number }> {
    const where: SQL | undefined = query.objectId ? eq(auditLog.objectId, query.objectId) : undefined;
    const [rows, totals] = await Promise.all([
      this.db
        .select()
        .from(auditLog)
        .where(and(where))
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      this.db.select({ total: count() }).from(auditLog).where(and(where)),
    ]);
    return {
      total: totals[0]?.total ?? 0,
      items: rows.map((row) => ({
        id: row.id,
        actor: row.actor,
        action: row.action,
        object_type: row.objectType,
        object_id: row.objectId,
        before: row.before ?? null,
        after: row.after ?? null,
        reason: row.reason,
        created_at: row.createdAt.toISOString(),
      })),
    };
  }
}

/** The audit actor of an admin request. */
export function adminActor(user: { id: string; email: string }): AuditActor {
  return { kind: 'admin', id: user.id, email: user.email };
}
