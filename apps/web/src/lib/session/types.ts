/** The current user as GET /auth/me returns it (spec §3: id, email, is_verified). */
export type { User } from '@benchmarket/shared';
