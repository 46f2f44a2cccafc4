import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';

export const linkClass = 'font-medium text-teal-800 underline-offset-2 hover:underline';

/** A listing's public page, named by its title. */
export function ListingLink({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Link to={`/listings/${id}`} className={linkClass}>
      {children}
    </Link>
  );
}

/** An account's console page, named by its email. */
export function UserLink({ id, children, className }: { id: string; children: ReactNode; className?: string }) {
  return (
    <Link to={`/admin/users/${id}`} className={cn(linkClass, className)}>
      {children}
    </Link>
  );
}
