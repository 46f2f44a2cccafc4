import { truncate, type ConversationSummary } from '@benchmarket/shared';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { formatTime } from './format';

/** How many unread, for the badge and for screen readers ('2 unread'). */
function UnreadBadge({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <span className="inline-flex min-w-6 items-center justify-center rounded-full bg-teal-700 px-2 py-0.5 text-xs font-bold text-white">
      {count}
      <span className="sr-only"> unread</span>
    </span>
  );
}

function ListingThumb({ photo }: { photo: string | null }) {
  if (!photo) return <span aria-hidden="true" className="size-12 shrink-0 rounded-md bg-slate-100" />;
  return <img src={photo} alt="" width={48} height={48} loading="lazy" className="size-12 shrink-0 rounded-md object-cover" />;
}

/**
 * Issue 16: the caller's conversations, newest activity first: the listing, the other party,
 * the last message and the unread count. The open one is marked as the current page.
 */
export function ConversationList({ conversations, selectedId }: { conversations: readonly ConversationSummary[]; selectedId?: string }) {
  return (
    <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white">
      {conversations.map((conversation) => {
        const selected = conversation.id === selectedId;
        const unread = conversation.unread_count > 0;
        return (
          <li key={conversation.id}>
            <Link
              to={`/messages/${encodeURIComponent(conversation.id)}`}
              aria-current={selected ? 'page' : undefined}
              className={cn('flex gap-3 px-4 py-3 hover:bg-slate-50', selected && 'bg-teal-50 hover:bg-teal-50')}
            >
              <ListingThumb photo={conversation.listing.photo} />
              <span className="min-w-0 flex-1">
                <span className="flex items-start justify-between gap-2">
                  <span className={cn('min-w-0 break-words text-slate-900', unread ? 'font-bold' : 'font-semibold')}>
                    {conversation.listing.title}
                  </span>
                  <UnreadBadge count={conversation.unread_count} />
                </span>
                <span className="block text-sm text-slate-600">
                  {conversation.role === 'buyer' ? 'Seller' : 'Buyer'}: {conversation.other_party_name}
                </span>
                {conversation.last_message && (
                  <span className="mt-0.5 block text-sm break-words text-slate-700">{truncate(conversation.last_message, 90)}</span>
                )}
                <span className="mt-0.5 block text-xs text-slate-500">
                  <time dateTime={conversation.last_activity_at}>{formatTime(conversation.last_activity_at)}</time>
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
