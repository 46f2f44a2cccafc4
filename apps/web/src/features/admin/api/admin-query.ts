import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { listingKeys } from '@/lib/api/listings';
import { useAuth } from '@/lib/session/use-auth';
import { adminKeys } from './query-keys';

/** The signed-in administrator, for the console's keys: the queries run only for an admin. */
export function useAdminViewer(): { viewer: string | null; isAdmin: boolean } {
  const { user } = useAuth();
  return { viewer: user?.id ?? null, isAdmin: user?.role === 'admin' };
}

/**
 * A console action: after it succeeds every console query is refreshed (the queue, the
 * reports, the counters…) and so is every cached listing (a take-down or a featuring changes
 * what the public pages show); `alsoInvalidate` names other data the action changes.
 */
export function useAdminMutation<Variables, Result>(
  mutationFn: (variables: Variables) => Promise<Result>,
  { alsoInvalidate = [] }: { alsoInvalidate?: readonly QueryKey[] } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([adminKeys.all, listingKeys.all, ...alsoInvalidate].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
