import type { InboxItem } from '@benchmarket/shared';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { StatusPill } from '@/components/ui/status-pill';
import { answerDetail } from '@/lib/api-client';
import { useAdminInbox, useMarkInboxItemDone } from '../api/inbox';
import { cardList, ConsoleList } from '../components/console-list';
import { consoleRoute } from '../components/console-page';
import { OFFLINE } from '../components/query-view';
import { StatusList, type StatusView } from '../components/status-tabs';
import { formatDateTime } from '../format';

const KIND_LABELS: Record<InboxItem['kind'], string> = { feedback: 'Feedback', support: 'Support request' };

function InboxEntry({ item, onDone }: { item: InboxItem; onDone: (message: string) => void }) {
  const markDone = useMarkInboxItemDone();
  const [failure, setFailure] = useState<string | null>(null);
  const headingId = `inbox-${item.kind}-${item.id}`;
  const heading = item.subject ?? (item.kind === 'feedback' ? 'Feedback' : 'Support request');
  const done = async () => {
    setFailure(null);
    try {
      await markDone.mutateAsync({ kind: item.kind, id: item.id });
      onDone(`${KIND_LABELS[item.kind]} from ${item.email} is marked done.`);
    } catch (cause) {
      setFailure(answerDetail(cause, 'Please try again.', OFFLINE));
    }
  };
  return (
    <li>
      <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <StatusPill tone={item.kind === 'feedback' ? 'info' : 'warning'}>{KIND_LABELS[item.kind]}</StatusPill>
              {item.done_at && <StatusPill tone="success">Done {formatDateTime(item.done_at)}</StatusPill>}
            </div>
            <h2 id={headingId} className="mt-2 text-base font-semibold break-words text-slate-900">
              {heading}
            </h2>
            <p className="mt-1 text-sm break-all text-slate-600">
              From {item.name ? `${item.name} ` : ''}
              <a href={`mailto:${item.email}`} className="font-medium text-teal-800 underline-offset-2 hover:underline">
                {item.email}
              </a>{' '}
              on {formatDateTime(item.created_at)}
            </p>
            {item.page && (
              <p className="mt-1 text-sm text-slate-600">
                Sent from the page <code className="rounded bg-slate-100 px-1.5 py-0.5 break-all text-slate-800">{item.page}</code>
              </p>
            )}
          </div>
          {!item.done_at && (
            <Button
              size="sm"
              variant="secondary"
              pending={markDone.isPending}
              onClick={() => void done()}
              aria-label={`Mark done: ${heading} from ${item.email}`}
            >
              Mark done
            </Button>
          )}
        </div>
        <p className="mt-3 text-sm whitespace-pre-line text-slate-900">{item.message}</p>
        {failure && (
          <Alert title="It could not be marked done." focusOnShow className="mt-3">
            <p className="mt-1">{failure}</p>
          </Alert>
        )}
      </article>
    </li>
  );
}

function Inbox({ status, page, showNotice }: StatusView<'done'>) {
  const inbox = useAdminInbox(status, page);
  return (
    <ConsoleList
      query={inbox}
      what="inbox"
      empty={status === 'open' ? 'Nothing to answer: the inbox is empty.' : 'Nothing is marked done yet.'}
      pagesLabel="Inbox pages"
    >
      {cardList(
        (item) => `${item.kind}-${item.id}`,
        (item) => (
          <InboxEntry item={item} onDone={showNotice} />
        ),
      )}
    </ConsoleList>
  );
}

function InboxByStatus() {
  return <StatusList label="Inbox by status" other={{ status: 'done', label: 'Done' }} Body={Inbox} />;
}

/** /admin/inbox: feedback (with the page it came from) and support requests, open and done. */
export default consoleRoute(
  { title: 'Inbox', intro: "Feedback from the site's panel and support requests, the newest first." },
  InboxByStatus,
);
