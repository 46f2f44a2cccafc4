import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { users } from '../../db/schema.js';
import { AuditLog, type AuditActor } from '../audit/index.js';

/**
 * Who administers BenchMarket (issue 14): the `admin` role, granted and revoked only from the
 * command line (`npm run admin -- grant|revoke <email>`, src/cli/admin.ts) — never through the
 * API, so no request can make anyone an admin. Each change is written to the audit log in the
 * same transaction.
 */

export type RoleChange =
  | { outcome: 'granted' | 'revoked'; userId: string; email: string }
  | { outcome: 'unchanged'; userId: string; email: string; role: 'user' | 'admin' }
  | { outcome: 'unknown_email' };

async function setRole(db: Db, email: string, role: 'user' | 'admin', actor: AuditActor): Promise<RoleChange> {
  const audit = new AuditLog(db);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email, role: users.role })
      .from(users)
      .where(eq(users.email, email.trim().toLowerCase()))
      .for('update');
    if (!user) return { outcome: 'unknown_email' as const };
    if (user.role === role) return { outcome: 'unchanged' as const, userId: user.id, email: user.email, role };
    await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, user.id));
    await audit.record(
      {
        actor,
        action: role === 'admin' ? 'role.grant' : 'role.revoke',
        objectType: 'user',
        objectId: user.id,
        before: { role: user.role },
        after: { role },
      },
      tx,
    );
    return { outcome: role === 'admin' ? ('granted' as const) : ('revoked' as const), userId: user.id, email: user.email };
  });
}

export function grantAdmin(db: Db, email: string, actor: AuditActor): Promise<RoleChange> {
  return setRole(db, email, 'admin', actor);
}

export function revokeAdmin(db: Db, email: string, actor: AuditActor): Promise<RoleChange> {
  return setRole(db, email, 'user', actor);
}
