/**
 * The demo accounts the README lists (section 'Demo accounts'). Their passwords are public
 * on purpose: they exist only in a database the demo seed filled.
 */
export type DemoAccountKey = 'buyer' | 'seller' | 'dealer' | 'new';

export interface DemoAccount {
  key: DemoAccountKey;
  email: string;
  password: string;
  isVerified: boolean;
  /** What the account is for, as the README says it. */
  role: string;
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
    role: 'verified seller (a lab clearing surplus): owns over 40% of the catalog, plus an unpaid, an expired and a removed listing',
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
];

export function demoAccount(key: DemoAccountKey): DemoAccount {
  const account = DEMO_ACCOUNTS.find((a) => a.key === key);
  if (!account) throw new Error(`no demo account ${key}`);
  return account;
}
