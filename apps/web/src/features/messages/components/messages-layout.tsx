import { DASHBOARD_MESSAGES_FAILED } from '@benchmarket/shared';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { RequireLogin } from '@/components/account/signed-in-page';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Alert } from '@/components/ui/alert';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useConversations } from '../api/conversations';
import { ConversationList } from './conversation-list';

/** The list of conversations, loading, failed or empty. */
function ListPane({ selectedId }: { selectedId: string | undefined }) {
  const conversations = useConversations();
  if (conversations.isPending) return <Spinner label="Loading your conversations…" className="py-12" />;
  if (conversations.isError) {
    return (
      <Alert
        onRetry={() => {
          void conversations.refetch();
        }}
        retrying={conversations.isFetching}
      >
        {DASHBOARD_MESSAGES_FAILED}
      </Alert>
    );
  }
  if (conversations.data.items.length === 0) {
    return <EmptyState>No conversations yet. Contact a seller from a listing page, and your conversation will appear here.</EmptyState>;
  }
  return <ConversationList conversations={conversations.data.items} selectedId={selectedId} />;
}

/**
 * /messages and /messages/{id} (issue 16), for logged-in users (visitors go to /login and
 * back). Wide screens show the list beside the open conversation; a phone shows the list, or
 * the conversation with a link back.
 */
export function MessagesLayout({ selectedId, children }: { selectedId?: string; children: ReactNode }) {
  useDocumentTitle('Messages');
  return (
    <RequireLogin>
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <h1 className={cn('text-3xl font-bold tracking-tight text-slate-900', selectedId && 'sr-only md:not-sr-only')}>Messages</h1>
        <div className="mt-6 grid gap-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <section aria-label="Conversations" className={cn(selectedId && 'hidden md:block')}>
            <ListPane selectedId={selectedId} />
          </section>
          <div className={cn(!selectedId && 'hidden md:block')}>{children}</div>
        </div>
      </div>
    </RequireLogin>
  );
}
