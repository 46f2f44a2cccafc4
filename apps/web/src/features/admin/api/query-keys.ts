/**
 * The console's query keys, one set. Console data is for administrators only, so every key
 * carries the viewer's id (another account on the same browser never gets a cached copy), and
 * everything sits under ['admin']: an action invalidates `adminKeys.all` and every console
 * list and counter refreshes (a take-down changes the queue, the reports, the overview…).
 */
export const adminKeys = {
  all: ['admin'] as const,
  overview: (viewer: string | null) => ['admin', viewer, 'overview'] as const,
  reviewQueue: (viewer: string | null, page: number) => ['admin', viewer, 'review-queue', { page }] as const,
  listing: (viewer: string | null, id: string) => ['admin', viewer, 'listing', id] as const,
  featured: (viewer: string | null) => ['admin', viewer, 'featured'] as const,
  reports: (viewer: string | null, status: 'open' | 'resolved', page: number) => ['admin', viewer, 'reports', { status, page }] as const,
  conversationReports: (viewer: string | null, page: number) => ['admin', viewer, 'conversation-reports', { page }] as const,
  users: (viewer: string | null, email: string, page: number) => ['admin', viewer, 'users', { email, page }] as const,
  user: (viewer: string | null, id: string) => ['admin', viewer, 'user', id] as const,
  payments: (viewer: string | null, q: string, page: number) => ['admin', viewer, 'payments', { q, page }] as const,
  settings: (viewer: string | null) => ['admin', viewer, 'settings'] as const,
  inbox: (viewer: string | null, status: 'open' | 'done', page: number) => ['admin', viewer, 'inbox', { status, page }] as const,
  audit: (viewer: string | null, page: number, objectId: string) => ['admin', viewer, 'audit', { page, objectId }] as const,
};
