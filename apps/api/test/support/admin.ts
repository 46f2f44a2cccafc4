import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditLog, users } from '../../src/db/schema.js';
import { uniqueEmail } from './auth.js';
import { createUser, sellerAndBuyer, type TestUser } from './users.js';

/**
 * The operations console's callers (issue 14): an admin is an account whose role the command
 * line granted — here set in the database, as `npm run admin -- grant` does (tested on its own).
 */
export async function createAdmin(app: FastifyInstance): Promise<TestUser> {
  const admin = await createUser(app, { email: uniqueEmail('admin') });
  await app.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
  return admin;
}

/** The parties of a moderation case: an admin, then a seller and a buyer. */
export async function adminSellerAndBuyer(app: FastifyInstance): Promise<{ admin: TestUser; seller: TestUser; buyer: TestUser }> {
  const admin = await createAdmin(app);
  return { admin, ...(await sellerAndBuyer(app)) };
}

/** The audit log's rows about one object, oldest first. */
export async function auditRowsOf(app: FastifyInstance, objectId: string) {
  const rows = await app.db.select().from(auditLog).where(eq(auditLog.objectId, objectId));
  return rows.sort((a, b) => a.id - b.id);
}
