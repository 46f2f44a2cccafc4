/**
 * Query keys of the messages feature. A seller's inbox is private: it is keyed by the user,
 * so another user on the same browser never sees a cached copy.
 */
export const messageKeys = {
  all: ['messages'] as const,
  inbox: (userId: string | null) => ['messages', 'inbox', userId] as const,
};
