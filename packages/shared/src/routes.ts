/**
 * The web app's pages, once: the router (apps/web/src/app/router.tsx) mounts them, the
 * server's page head (apps/api/src/web/seo.ts: titles, noindex, sitemap, robots.txt) and its
 * module preloads (apps/api/src/web/route-preloads.ts, through the Vite build manifest) read
 * them, and the document titles come from them. Zod-free: the router imports it on first load.
 *
 * To add a page: create its module under apps/web/src/features/<domain>/routes/ and add an
 * entry here. A test fails when a registered page has no chunk in the built app, and when a
 * page module is not registered (apps/web/src/app/route-registry.test.tsx,
 * apps/api/test/route-registry.test.ts).
 */
import { PRODUCT_NAME } from './constants.js';

export interface PageRoute {
  /** The URL pattern, React Router syntax ('/listings/:id'). */
  readonly path: string;
  /**
   * The page module, as a path inside apps/web: the router's lazy import and the key of the
   * page's chunk in the Vite build manifest.
   */
  readonly module: string;
  /** The document title ("<title> · BenchMarket"); absent: the site's title. Pages about one record may name it instead. */
  readonly title?: string;
  /** The meta description of the server's head; absent: the site's. */
  readonly description?: string;
  /** In search results (else `noindex`). */
  readonly indexable: boolean;
  /** Listed in /sitemap.xml. */
  readonly sitemap?: boolean;
  /** Disallowed to crawlers in /robots.txt (by the path up to its first parameter). */
  readonly disallow?: boolean;
  /** Only for a logged-in user (the page sends visitors to /login). */
  readonly requiresLogin: boolean;
  /** About one listing, for its owner only: the server's head stays generic (the site's title, noindex). */
  readonly ownerOnly?: boolean;
  /**
   * Issue 14: the operations console, for administrators only (GET /auth/me's role 'admin'):
   * anyone else signed in is told they have no access, visitors go to /login. Such a page is
   * never indexed, in the sitemap or open to crawlers, and it requires a login.
   */
  readonly adminOnly?: boolean;
  /** Visitors land on it from outside: its HTML preloads the page's chunks. */
  readonly entry?: boolean;
}

/** The site's title: the home page's, and the fallback of every page. */
export const SITE_TITLE = `${PRODUCT_NAME} — Lab & Medical Equipment Marketplace`;

/** The routes of spec §2 (and /support, ours), keyed by a name the code refers to them by. */
export const PAGE_ROUTES = {
  landing: {
    path: '/',
    module: 'src/features/landing/routes/landing.tsx',
    indexable: true,
    sitemap: true,
    requiresLogin: false,
    entry: true,
  },
  search: {
    path: '/search',
    module: 'src/features/search/routes/search.tsx',
    title: 'Search Equipment',
    description:
      'Search new, pre-owned and refurbished lab and medical equipment: plain-language AI search, filters for price, condition and location, verified listings.',
    indexable: true,
    sitemap: true,
    requiresLogin: false,
    entry: true,
  },

  login: {
    path: '/login',
    module: 'src/features/auth/routes/login.tsx',
    title: 'Log in',
    description: 'Log in to BenchMarket to list equipment, manage your listings and read buyer messages.',
    indexable: true,
    sitemap: true,
    requiresLogin: false,
    entry: true,
  },
  register: {
    path: '/register',
    module: 'src/features/auth/routes/register.tsx',
    title: 'Create an account',
    description: 'Create a free BenchMarket account to sell lab and medical equipment to verified buyers. List free until June.',
    indexable: true,
    sitemap: true,
    requiresLogin: false,
    entry: true,
  },
  verifyEmail: {
    path: '/verify-email',
    module: 'src/features/auth/routes/verify-email.tsx',
    title: 'Verify email',
    indexable: false,
    requiresLogin: false,
    entry: true,
  },
  /** Issue 16: the one-click unsubscribe link of a saved search's alert mails (no login). */
  unsubscribe: {
    path: '/unsubscribe',
    module: 'src/features/search/routes/unsubscribe.tsx',
    title: 'Unsubscribe from alerts',
    indexable: false,
    requiresLogin: false,
    entry: true,
  },
  forgotPassword: {
    path: '/forgot-password',
    module: 'src/features/auth/routes/forgot-password.tsx',
    title: 'Forgot password',
    indexable: false,
    requiresLogin: false,
    entry: true,
  },
  resetPassword: {
    path: '/reset-password',
    module: 'src/features/auth/routes/reset-password.tsx',
    title: 'Reset password',
    indexable: false,
    requiresLogin: false,
    entry: true,
  },

  createListing: {
    path: '/create-listing',
    module: 'src/features/listings/routes/create-listing.tsx',
    title: 'Create Listing',
    indexable: false,
    disallow: true,
    requiresLogin: true,
  },
  /** A public listing's head is its own (seo.ts); any other listing id is noindex. */
  listingDetail: {
    path: '/listings/:id',
    module: 'src/features/listings/routes/listing-detail.tsx',
    title: 'Listing',
    indexable: true,
    requiresLogin: false,
    entry: true,
  },
  /** Issue 15: a seller's public page; a seller with live listings gets its own head and a sitemap entry (seo.ts). */
  sellerPage: {
    path: '/sellers/:id',
    module: 'src/features/sellers/routes/seller.tsx',
    title: 'Seller',
    indexable: true,
    requiresLogin: false,
    entry: true,
  },
  editListing: {
    path: '/edit-listing/:id',
    module: 'src/features/listings/routes/edit-listing.tsx',
    title: 'Edit Listing',
    indexable: false,
    disallow: true,
    requiresLogin: true,
    ownerOnly: true,
  },

  extendListing: {
    path: '/listings/:id/extend',
    module: 'src/features/payments/routes/extend-listing.tsx',
    title: 'Extend Listing',
    indexable: false,
    requiresLogin: true,
    ownerOnly: true,
  },
  paymentConfirmation: {
    path: '/payment/confirmation',
    module: 'src/features/payments/routes/payment-confirmation.tsx',
    title: 'Payment Confirmation',
    indexable: false,
    disallow: true,
    requiresLogin: true,
  },
  payment: {
    path: '/payment/:id',
    module: 'src/features/payments/routes/payment.tsx',
    title: 'Complete Payment',
    indexable: false,
    disallow: true,
    requiresLogin: true,
    ownerOnly: true,
  },

  dashboard: {
    path: '/dashboard',
    module: 'src/features/dashboard/routes/dashboard.tsx',
    title: 'Seller Dashboard',
    indexable: false,
    disallow: true,
    requiresLogin: true,
    entry: true,
  },
  /** Issue 16: the signed-in user's watched listings (docs/decisions/021). */
  watchlist: {
    path: '/watchlist',
    module: 'src/features/watchlist/routes/watchlist.tsx',
    title: 'Watchlist',
    indexable: false,
    disallow: true,
    requiresLogin: true,
  },
  /** Issue 16: up to 4 listings side by side; public and shareable, but not for search engines (the ids come and go). */
  compare: {
    path: '/compare',
    module: 'src/features/watchlist/routes/compare.tsx',
    title: 'Compare listings',
    indexable: false,
    requiresLogin: false,
  },
  /** Issue 16: the caller's conversations with buyers and sellers. */
  messages: {
    path: '/messages',
    module: 'src/features/messages/routes/messages.tsx',
    title: 'Messages',
    indexable: false,
    disallow: true,
    requiresLogin: true,
  },
  conversation: {
    path: '/messages/:id',
    module: 'src/features/messages/routes/conversation.tsx',
    title: 'Messages',
    indexable: false,
    disallow: true,
    requiresLogin: true,
  },
  account: {
    path: '/account',
    module: 'src/features/dashboard/routes/account.tsx',
    title: 'Account',
    indexable: false,
    disallow: true,
    requiresLogin: true,
  },
  support: {
    path: '/support',
    module: 'src/features/support/routes/support.tsx',
    title: 'Contact Support',
    description:
      'Answers about listing fees and the launch promotion, verification badges, payments, photos and listing expiry — and a form to reach the BenchMarket support team.',
    indexable: true,
    sitemap: true,
    requiresLogin: false,
    entry: true,
  },

  // Issue 14: the operations console, for administrators (apps/web/src/features/admin).
  adminOverview: {
    path: '/admin',
    module: 'src/features/admin/routes/overview.tsx',
    title: 'Console Overview',
    indexable: false,
    disallow: true,
    requiresLogin: true,
    adminOnly: true,
  },
  adminReview: {
    path: '/admin/review',
    module: 'src/features/admin/routes/review-queue.tsx',
    title: 'Review Queue',
    indexable: false,
    disallow: true,
    requiresLogin: true,
    adminOnly: true,
  },
  adminReports: {
    path: '/admin/reports',
    module: 'src/features/admin/routes/reports.tsx',
    title: 'Listing Reports',
    indexable: false,
    disallow: true,
    requiresLogin: true,
    adminOnly: true,
  },
  adminUsers: {
    path: '/admin/users',
    module: 'src/features/admin/routes/users.tsx',
    title: 'Users',
    indexable: false,
    disallow: true,
    requiresLogin: true,
    adminOnly: true,
  },
  adminUser: {
    path: '/admin/users/:id',
    module: 'src/features/admin/routes/user-detail.tsx',
    title: 'User',
    indexable: false,
    disallow: true,
    requiresLogin: true,
    adminOnly: true,
  },
  adminPayments: {
    path: '/admin/payments',
    module: 'src/features/admin/routes/payments.tsx',
    title: 'Payments',
    indexable: false,
    disallow: true,
    requiresLogin: true,
    adminOnly: true,
  },
  adminFeatured: {
    path: '/admin/featured',
    module: 'src/features/admin/routes/featured.tsx',
    title: 'Featured Listings',
    indexable: false,
    disallow: true,
    requiresLogin: true,
    adminOnly: true,
  },
  adminSettings: {
    path: '/admin/settings',
    module: 'src/features/admin/routes/settings.tsx',
    title: 'Console Settings',
    indexable: false,
    disallow: true,
    requiresLogin: true,
    adminOnly: true,
  },
  adminInbox: {
    path: '/admin/inbox',
    module: 'src/features/admin/routes/inbox.tsx',
    title: 'Inbox',
    indexable: false,
    disallow: true,
    requiresLogin: true,
    adminOnly: true,
  },
  adminAudit: {
    path: '/admin/audit',
    module: 'src/features/admin/routes/audit-log.tsx',
    title: 'Audit Log',
    indexable: false,
    disallow: true,
    requiresLogin: true,
    adminOnly: true,
  },
} as const satisfies Record<string, PageRoute>;

export type PageName = keyof typeof PAGE_ROUTES;

/** The pages in registry order (the order they are matched in). */
export const PAGES: ReadonlyArray<readonly [PageName, PageRoute]> = Object.entries(PAGE_ROUTES) as Array<[PageName, PageRoute]>;

/** "<title> · BenchMarket", or the site's title for none (or for the site's title itself). */
export function documentTitle(title?: string): string {
  return title && title !== SITE_TITLE ? `${title} · ${PRODUCT_NAME}` : SITE_TITLE;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const PATTERNS = new Map<string, RegExp>(
  PAGES.map(([, route]) => [
    route.path,
    new RegExp(
      `^${route.path
        .split('/')
        .map((segment) => (segment.startsWith(':') ? '[^/]+' : escapeRegExp(segment)))
        .join('/')}$`,
    ),
  ]),
);

/**
 * The page a pathname shows (a trailing slash ignored), or undefined for the app's 'not found'.
 * Static segments win over parameters, as in React Router ('/payment/confirmation' before '/payment/:id').
 */
export function matchPage(pathname: string): { name: PageName; route: PageRoute } | undefined {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const matches = PAGES.filter(([, route]) => PATTERNS.get(route.path)?.test(normalised));
  const best = matches.sort(([, a], [, b]) => a.path.split(':').length - b.path.split(':').length)[0];
  return best && { name: best[0], route: best[1] };
}

/** The path prefix robots.txt disallows for a page: its path up to the first parameter. */
export function crawlPrefix(route: PageRoute): string {
  const cut = route.path.indexOf('/:');
  return cut === -1 ? route.path : route.path.slice(0, cut);
}
