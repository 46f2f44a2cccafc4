import type { AdminUser } from '@benchmarket/shared';
import { StatusPill } from '@/components/ui/status-pill';

/** 'Active' or 'Suspended', and 'Email not verified' when it is not. */
export function UserStatus({ user }: { user: AdminUser }) {
  return (
    <span className="flex flex-wrap gap-1.5">
      {user.suspended_at ? <StatusPill tone="danger">Suspended</StatusPill> : <StatusPill tone="success">Active</StatusPill>}
      {!user.is_verified && <StatusPill tone="warning">Email not verified</StatusPill>}
    </span>
  );
}
