import type { InboxItem } from '@benchmarket/shared';
import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkTabs } from '@/components/ui/link-tabs';
import { Pager } from '@/components/ui/pager';
import { StatusPill } from '@/components/ui/status-pill';
import { answerDetail } from '@/lib/api-client';
import { useAdminInbox, useMarkInboxItemDone, type InboxStatus } from '../api/inbox';
import { ConsolePage } from '../components/console-page';
import { useNotice } from '../components/notice';
import { OFFLINE, QueryView } from '../components/query-view';
import { usePageParam, withParams } from '../components/use-page-param';
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

function Inbox() {
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const status: InboxStatus = searchParams.get('status') === 'done' ? 'done' : 'open';
  const page = usePageParam();
  const inbox = useAdminInbox(status, page);
  const notice = useNotice();
  return (
    <>
      <LinkTabs
        label="Inbox by status"
        className="mb-6"
        tabs={[
          { label: 'Open', to: pathname, current: status === 'open' },
          { label: 'Done', to: withParams(pathname, new URLSearchParams(), { status: 'done' }), current: status === 'done' },
        ]}
      />
      {notice.element}
      <QueryView query={inbox} loadingLabel="Loading the inbox…" failedTitle="The inbox could not be loaded.">
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState>{status === 'open' ? 'Nothing to answer: the inbox is empty.' : 'Nothing is marked done yet.'}</EmptyState>
          ) : (
            <>
              <ol className="space-y-4">
                {data.items.map((item) => (
                  <InboxEntry key={`${item.kind}-${item.id}`} item={item} onDone={notice.show} />
                ))}
              </ol>
              <Pager
                label="Inbox pages"
                page={data.page}
                pageSize={data.page_size}
                total={data.total}
                hrefFor={(next) => withParams(pathname, searchParams, { page: next })}
                className="mt-6"
              />
            </>
          )
        }
      </QueryView>
    </>
  );
}

/** /admin/inbox: feedback (with the page it came from) and support requests, open and done. */
export default function InboxRoute() {
  return (
    <ConsolePage title="Inbox" intro="Feedback from the site's panel and support requests, the newest first.">
      <Inbox />
    </ConsolePage>
  );
}
