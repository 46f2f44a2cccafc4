import { REPORT_REASON_LABELS, type AdminReport, type ReportGroup } from '@benchmarket/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { StatusPill } from '@/components/ui/status-pill';
import { useReports, useResolveReports, type ReportStatus } from '../api/reports';
import { cardList, ConsoleList } from '../components/console-list';
import { consoleRoute } from '../components/console-page';
import { OpenConversationReports, ResolvedConversationReports } from '../components/conversation-reports';
import { ListingActions } from '../components/listing-actions';
import { ListingSummary } from '../components/listing-summary';
import { ReportList } from '../components/report-list';
import { ResolveReportsDialog } from '../components/resolve-reports-dialog';
import { StatusList, type StatusView } from '../components/status-tabs';
import { formatDateTime } from '../format';
import { UserLink } from '../components/record-links';

const OUTCOME_LABELS: Record<AdminReport['status'], string> = { open: 'Open', dismissed: 'Dismissed', actioned: 'Acted on' };

function ReportItem({ report }: { report: AdminReport }) {
  return (
    <li className="rounded-lg border border-slate-200 px-3 py-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-slate-900">{REPORT_REASON_LABELS[report.reason]}</span>
        {report.status !== 'open' && (
          <StatusPill tone={report.status === 'actioned' ? 'success' : 'neutral'}>{OUTCOME_LABELS[report.status]}</StatusPill>
        )}
      </div>
      {report.details && <p className="mt-1 whitespace-pre-line text-slate-800">{report.details}</p>}
      <p className="mt-1 text-slate-600">
        By <UserLink id={report.reporter_id}>{report.reporter_email}</UserLink> on {formatDateTime(report.created_at)}
      </p>
      {report.status !== 'open' && (
        <p className="mt-1 text-slate-700">
          Resolved{report.resolved_at ? ` on ${formatDateTime(report.resolved_at)}` : ''}
          {report.resolution_reason && <>: {report.resolution_reason}</>}
        </p>
      )}
    </li>
  );
}

function ReportGroupCard({ group, status, onDone }: { group: ReportGroup; status: ReportStatus; onDone: (message: string) => void }) {
  const [resolving, setResolving] = useState(false);
  const resolve = useResolveReports();
  const { listing, reports } = group;
  const openCount = reports.filter((report) => report.status === 'open').length;
  return (
    <li>
      <ListingSummary
        listing={listing}
        headingLevel={3}
        actions={
          <>
            {status === 'open' && openCount > 0 && (
              <Button size="sm" onClick={() => setResolving(true)} aria-label={`Resolve the reports: ${listing.title}`}>
                Resolve reports
              </Button>
            )}
            <ListingActions listing={listing} actions={['takeDown', 'restore']} onDone={onDone} />
          </>
        }
      >
        <section aria-label={`Reports about ${listing.title}`}>
          <ReportList reports={reports} Item={ReportItem} countClassName="mb-2" />
        </section>
      </ListingSummary>
      {resolving && (
        <ResolveReportsDialog
          title="Resolve reports"
          description={`Every open report about '${listing.title}' (${String(openCount)}) is closed with this outcome and reason.`}
          actionedHint="The listing was changed, taken down or the seller dealt with."
          onResolve={(body) => resolve.mutateAsync({ listingId: listing.id, body })}
          onResolved={(outcome) => onDone(`The reports about '${listing.title}' are resolved (${outcome}).`)}
          onClose={() => setResolving(false)}
        />
      )}
    </li>
  );
}

function Reports({ status, page, showNotice }: StatusView<'resolved'>) {
  const reports = useReports(status, page);
  return (
    <>
      <section aria-labelledby="listing-reports-title">
        <h2 id="listing-reports-title" className="mb-4 text-xl font-semibold text-slate-900">
          Listings
        </h2>
        <ConsoleList
          query={reports}
          what="reports"
          empty={status === 'open' ? 'No open reports.' : 'No resolved reports yet.'}
          pagesLabel="Report pages"
        >
          {cardList(
            (group) => group.listing.id,
            (group) => (
              <ReportGroupCard group={group} status={status} onDone={showNotice} />
            ),
          )}
        </ConsoleList>
      </section>
      <section aria-labelledby="conversation-reports-title" className="mt-10">
        <h2 id="conversation-reports-title" className="mb-4 text-xl font-semibold text-slate-900">
          Conversations
        </h2>
        {status === 'open' ? <OpenConversationReports onDone={showNotice} /> : <ResolvedConversationReports />}
      </section>
    </>
  );
}

function ReportsByStatus() {
  return <StatusList label="Reports by status" other={{ status: 'resolved', label: 'Resolved' }} Body={Reports} />;
}

/**
 * /admin/reports: buyers' reports grouped by listing (resolve them, dismissed or acted on, or
 * take the listing down), then the open reports of conversations (issue 16).
 */
export default consoleRoute(
  { title: 'Reports', intro: 'What signed-in users reported, grouped by listing or conversation, the oldest open report first.' },
  ReportsByStatus,
);
