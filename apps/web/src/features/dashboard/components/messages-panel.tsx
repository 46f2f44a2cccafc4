import { DASHBOARD_DELETE_MESSAGE_FAILED, DASHBOARD_MESSAGES_FAILED, truncate, type Message } from '@benchmarket/shared';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useDeleteMessage } from '@/features/dashboard/api/delete-message';
import { useInbox } from '@/features/dashboard/api/get-inbox';
import { useMarkMessageRead } from '@/features/dashboard/api/mark-message-read';
import { cn } from '@/lib/cn';
import { ConfirmDialog } from './confirm-dialog';
import { useConfirmedDelete } from './use-confirmed-delete';
import { RowButton, actionLinkClass } from './ui';
import { EmptyState } from '@/components/ui/empty-state';
import { StatusPill } from '@/components/ui/status-pill';
import { Alert } from '@/components/ui/alert';
import { SolidIcon } from '@/components/ui/icon';

const sentAtFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function formatSentAt(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : sentAtFormat.format(date);
}

/** A reply goes by email, to the buyer, about the listing: 'Re: <listing title>'. */
export function replyHref(message: Pick<Message, 'sender_email' | 'listing_title'>): string {
  return `mailto:${message.sender_email}?subject=${encodeURIComponent(`Re: ${message.listing_title}`)}`;
}

interface MessageItemProps {
  message: Message;
  expanded: boolean;
  onToggle: (message: Message) => void;
  onDelete: (message: Message) => void;
}

function MessageItem({ message, expanded, onToggle, onDelete }: MessageItemProps) {
  const bodyId = useId();
  const unread = !message.is_read;
  return (
    <li className={cn('rounded-xl border bg-white shadow-sm', unread ? 'border-teal-300' : 'border-slate-200')}>
      <h3>
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={bodyId}
          onClick={() => {
            onToggle(message);
          }}
          className="flex w-full items-start gap-3 rounded-xl px-4 py-3 text-left hover:bg-slate-50"
        >
          <SolidIcon
            className={cn(
              'mt-1 size-4 shrink-0 text-slate-500 transition-transform motion-reduce:transition-none',
              expanded && 'rotate-90',
            )}
            d="M7.2 4.2a1 1 0 0 1 1.4 0l5 5a1 1 0 0 1 0 1.4l-5 5a1 1 0 0 1-1.4-1.4L11.5 10 7.2 5.7a1 1 0 0 1 0-1.5Z"
          />
          <span className="min-w-0 flex-1">
            <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className={cn('break-words text-slate-900', unread ? 'font-bold' : 'font-semibold')}>{message.sender_name}</span>
              {unread && <StatusPill tone="info">New</StatusPill>}
              <span className="text-sm text-slate-500">
                <time dateTime={message.sent_at}>{formatSentAt(message.sent_at)}</time>
              </span>
            </span>
            <span className="mt-0.5 block text-sm break-words text-slate-600">Re: {message.listing_title}</span>
            {!expanded && <span className="mt-1 block text-sm break-words text-slate-700">{truncate(message.message)}</span>}
          </span>
        </button>
      </h3>
      <div id={bodyId} hidden={!expanded} className="border-t border-slate-200 px-4 py-4 sm:pl-11">
        {expanded && (
          <>
            <p className="text-sm break-words whitespace-pre-wrap text-slate-800">{message.message}</p>
            <p className="mt-3 text-sm break-words text-slate-600">
              From {message.sender_name} &lt;{message.sender_email}&gt; about{' '}
              <Link
                to={`/listings/${encodeURIComponent(message.listing_id)}`}
                className="font-medium text-teal-800 underline underline-offset-2"
              >
                {message.listing_title}
              </Link>
            </p>
            {message.licensed_professional_confirmed && (
              <p className="mt-2 text-sm font-medium text-amber-900">
                The sender confirmed being a licensed professional (this listing is sold to licensed professionals only).
              </p>
            )}
            <div className="mt-4 flex flex-wrap gap-2">
              <a href={replyHref(message)} className={cn(actionLinkClass, 'border-teal-700 bg-teal-700 text-white hover:bg-teal-800')}>
                Reply by email
              </a>
              {/* Issue 16: the message is also in a conversation, answered on BenchMarket. */}
              <Link to="/messages" className={actionLinkClass}>
                Open conversations
              </Link>
              <RowButton
                danger
                onClick={() => {
                  onDelete(message);
                }}
              >
                Delete
              </RowButton>
            </div>
          </>
        )}
      </div>
    </li>
  );
}

/** The 'Messages' tab (spec §2, §4): buyers' messages, newest first; 'New' until first expanded. */
export function MessagesPanel() {
  const inbox = useInbox();
  const markRead = useMarkMessageRead();
  const deleteMessage = useDeleteMessage();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const { pending: pendingDelete, ask: askDelete, failed: deleteFailed, dialogProps } = useConfirmedDelete<Message>(deleteMessage);
  // Ids whose read mark was sent: however fast it is expanded again, one PUT per message.
  const markedRead = useRef(new Set<string>());

  const onToggle = (message: Message) => {
    const opening = !expanded.has(message.id);
    setExpanded((current) => {
      const next = new Set(current);
      if (opening) next.add(message.id);
      else next.delete(message.id);
      return next;
    });
    // spec §4: is_read goes false → true when the message is first expanded.
    if (opening && !message.is_read && !markedRead.current.has(message.id)) {
      markedRead.current.add(message.id);
      markRead.mutate(message.id, {
        onError: () => {
          markedRead.current.delete(message.id);
        },
      });
    }
  };

  if (inbox.isPending) return <Spinner label="Loading your messages…" className="py-12" />;
  if (inbox.isError) {
    return <Alert onRetry={() => void inbox.refetch()}>{DASHBOARD_MESSAGES_FAILED}</Alert>;
  }

  return (
    <div className="space-y-4">
      {deleteFailed && <Alert>{DASHBOARD_DELETE_MESSAGE_FAILED}</Alert>}
      {inbox.data.length === 0 ? (
        <EmptyState>
          <p>No messages yet. When buyers contact you about your listings, their messages appear here.</p>
        </EmptyState>
      ) : (
        <ul aria-label="Messages from buyers" className="space-y-3">
          {inbox.data.map((message) => (
            <MessageItem key={message.id} message={message} expanded={expanded.has(message.id)} onToggle={onToggle} onDelete={askDelete} />
          ))}
        </ul>
      )}
      {pendingDelete && (
        <ConfirmDialog
          title="Delete this message?"
          description={`The message from ${pendingDelete.sender_name} about "${pendingDelete.listing_title}" will be deleted.`}
          confirmLabel="Delete message"
          {...dialogProps}
        />
      )}
    </div>
  );
}
