import { inArray } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { users } from '../db/schema.js';

/**
 * The demo accounts the README lists (section 'Demo accounts'). Their passwords are public
 * on purpose: they exist only in a database the demo seed filled.
 */
export type DemoAccountKey = 'buyer' | 'seller' | 'dealer' | 'new' | 'admin';

interface DemoAccount {
  key: DemoAccountKey;
  email: string;
  password: string;
  isVerified: boolean;
  /** What the account is for, as the README says it. */
  role: string;
  /** Issue 14: an administrator (in production only `npm run admin -- grant` makes one). */
  admin?: boolean;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    key: 'buyer',
    email: 'buyer@benchmarket.local',
    password: 'demo-buyer-2026',
    isVerified: true,
    role: 'verified buyer: search, AI search, contact sellers, feedback',
  },
  {
    key: 'seller',
    email: 'seller@benchmarket.local',
    password: 'demo-seller-2026',
    isVerified: true,
    role: 'verified seller (a lab clearing surplus): owns over 40% of the catalog, plus an unpaid, an expired and a removed listing, and a payment history over the past 12 months',
  },
  {
    key: 'dealer',
    email: 'dealer@benchmarket.local',
    password: 'demo-dealer-2026',
    isVerified: true,
    role: 'verified dealer (a refurbisher): owns the rest of the catalog, mostly refurbished and new',
  },
  {
    key: 'new',
    email: 'new@benchmarket.local',
    password: 'demo-new-2026',
    isVerified: false,
    role: 'registered, email not verified: sees the latest 10 listings, cannot search or give feedback',
  },
  {
    key: 'admin',
    email: 'admin@benchmarket.local',
    password: 'demo-admin-2026',
    isVerified: true,
    role: 'administrator: the operations console at /admin (review queue, reports, users, payments, featured listings, settings, inbox, audit log)',
    admin: true,
  },
];

/** The demo accounts a database holds (found by their published addresses): none outside a demo. */
export function findDemoAccounts(db: Db) {
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_ACCOUNTS.map((account) => account.email),
      ),
    );
}
