import type { AdminUser } from '@benchmarket/shared';
import { count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { listings, users } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/http-errors.js';
import { adminActor, type AuditLog } from '../audit/index.js';
import type { ListingsService } from '../listings/index.js';
import type { MailingDependencies } from '../mail/index.js';
import { accountReinstatedMail, accountSuspendedMail } from './mails.js';
import { ALREADY_SUSPENDED, CANNOT_SUSPEND_YOURSELF, NOT_SUSPENDED, USER_NOT_FOUND } from './messages.js';
import { endAllSessions } from './sessions.js';

export interface AccountsAdminDependencies extends MailingDependencies {
  audit: AuditLog;
  /** Suspension switches the owner's listings off and back on through the listings module. */
  listings: Pick<ListingsService, 'hideForSuspension' | 'showAfterReinstatement'>;
  supportEmail: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An account as the console lists it, with how many listings it has (removed ones left out). */
const adminUserColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  isVerified: users.isVerified,
  createdAt: users.createdAt,
  suspendedAt: users.suspendedAt,
  suspensionReason: users.suspensionReason,
  // Written out: inside a select list drizzle leaves columns unqualified, and both tables have an id.
  listingsCount: sql<number>`(select count(*) from ${listings} l where l.user_id = ${users}.id and not l.is_deleted)`.mapWith(Number),
};

interface AdminUserRow {
  id: string;
  email: string;
  role: 'user' | 'admin';
  isVerified: boolean;
  createdAt: Date;
  suspendedAt: Date | null;
  suspensionReason: string | null;
  listingsCount: number;
}

function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    is_verified: row.isVerified,
    created_at: row.createdAt.toISOString(),
    suspended_at: row.suspendedAt?.toISOString() ?? null,
    suspension_reason: row.suspensionReason,
    listings_count: row.listingsCount,
  };
}

/**
 * The console's side of accounts (issue 14): find them, suspend and reinstate them. A
 * suspension, in one transaction: the account is marked (login is refused, its tokens stop
 * working), its sessions end, its live listings are switched off through the listings module
 * (leaving search, the latest and featured strips), the owner is mailed the reason, and the
 * audit log records it all. Reinstating undoes exactly that.
 */
export class AccountsAdmin {
  constructor(private readonly deps: AccountsAdminDependencies) {}

  /** Accounts whose email contains `email` (all without it), newest first. */
  async list(query: { email?: string; page: number; pageSize: number }): Promise<{ items: AdminUser[]; total: number }> {
    const text = query.email?.trim().toLowerCase();
    const where: SQL | undefined = text ? sql`strpos(lower(${users.email}), ${text}) > 0` : undefined;
    const [rows, totals] = await Promise.all([
      this.deps.db
        .select(adminUserColumns)
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      this.deps.db.select({ total: count() }).from(users).where(where),
    ]);
    return { items: rows.map(toAdminUser), total: totals[0]?.total ?? 0 };
  }

  /** One account; 404 'User not found' for an unknown id. */
  async get(id: string, db: Pick<Db, 'select'> = this.deps.db): Promise<AdminUser> {
    if (!UUID.test(id)) throw notFound(USER_NOT_FOUND, 'user_not_found');
    const [row] = await db.select(adminUserColumns).from(users).where(eq(users.id, id)).limit(1);
    if (!row) throw notFound(USER_NOT_FOUND, 'user_not_found');
    return toAdminUser(row);
  }

  async suspend(admin: { id: string; email: string }, userId: string, reason: string): Promise<AdminUser> {
    if (userId === admin.id) throw conflict(CANNOT_SUSPEND_YOURSELF, 'cannot_suspend_yourself');
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      const current = await this.lock(tx, userId);
      if (current.suspendedAt) throw conflict(ALREADY_SUSPENDED, 'already_suspended');
      await tx.update(users).set({ suspendedAt: now, suspensionReason: reason, updatedAt: now }).where(eq(users.id, userId));
      await endAllSessions(tx, userId, now);
      const hidden = await this.deps.listings.hideForSuspension(userId, tx);
      await this.recordChange(tx, admin, 'user.suspend', userId, reason, {
        before: { suspended_at: null, suspension_reason: null },
        after: { suspended_at: now.toISOString(), suspension_reason: reason, listings_hidden: hidden },
      });
      const mail = accountSuspendedMail({ publicUrl: this.deps.publicUrl, supportEmail: this.deps.supportEmail, reason });
      await this.deps.mailer.queue({ ...mail, to: current.email }, tx);
      return this.get(userId, tx);
    });
  }

  async reinstate(admin: { id: string; email: string }, userId: string, reason: string): Promise<AdminUser> {
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      const current = await this.lock(tx, userId);
      if (!current.suspendedAt) throw conflict(NOT_SUSPENDED, 'not_suspended');
      await tx.update(users).set({ suspendedAt: null, suspensionReason: null, updatedAt: now }).where(eq(users.id, userId));
      const shown = await this.deps.listings.showAfterReinstatement(userId, tx);
      await this.recordChange(tx, admin, 'user.reinstate', userId, reason, {
        before: { suspended_at: current.suspendedAt.toISOString(), suspension_reason: current.suspensionReason },
        after: { suspended_at: null, suspension_reason: null, listings_shown: shown },
      });
      await this.deps.mailer.queue({ ...accountReinstatedMail({ publicUrl: this.deps.publicUrl, reason }), to: current.email }, tx);
      return this.get(userId, tx);
    });
  }

  /** The audit log's record of what an admin did to an account, in the change's transaction. */
  private recordChange(
    tx: Pick<Db, 'insert'>,
    admin: { id: string; email: string },
    action: string,
    userId: string,
    reason: string,
    change: { before: Record<string, unknown>; after: Record<string, unknown> },
  ): Promise<void> {
    return this.deps.audit.record({ actor: adminActor(admin), action, objectType: 'user', objectId: userId, ...change, reason }, tx);
  }

  /** The account, locked against a concurrent suspension or reinstatement; 404 when unknown. */
  private async lock(tx: Pick<Db, 'select'>, userId: string) {
    if (!UUID.test(userId)) throw notFound(USER_NOT_FOUND, 'user_not_found');
    const [row] = await tx
      .select({ email: users.email, suspendedAt: users.suspendedAt, suspensionReason: users.suspensionReason })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!row) throw notFound(USER_NOT_FOUND, 'user_not_found');
    return row;
  }
}
