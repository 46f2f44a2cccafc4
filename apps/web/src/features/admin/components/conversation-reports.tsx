import {
  CONVERSATION_REPORT_REASON_LABELS,
  PAGE_ROUTES,
  type AdminConversationReport,
  type ConversationReportGroup,
} from '@benchmarket/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useConversationReports, useResolveConversationReports } from '../api/reports';
import { formatDateTime } from '../format';
import { cardList, ConsoleList } from './console-list';
import { ListingLink, linkClass, UserLink } from './record-links';
import { ReportList } from './report-list';
import { ResolveReportsDialog } from './resolve-reports-dialog';
import { usePageParam } from './use-page-param';

/** The listings section's page is `?page=`; this list pages on its own. */
const PAGE_PARAM = 'conversations_page';

function ConversationReportItem({ report }: { report: AdminConversationReport }) {
  return (
    <li className="rounded-lg border border-slate-200 px-3 py-3 text-sm">
      <span className="font-semibold text-slate-900">{CONVERSATION_REPORT_REASON_LABELS[report.reason]}</span>
      {report.details && <p className="mt-1 whitespace-pre-line text-slate-800">{report.details}</p>}
      <p className="mt-1 text-slate-600">
        By <UserLink id={report.reporter.id}>{report.reporter.email}</UserLink> about{' '}
        <UserLink id={report.reported.id}>{report.reported.email}</UserLink> on {formatDateTime(report.created_at)}
      </p>
    </li>
  );
}

function ConversationReportCard({ group, onDone }: { group: ConversationReportGroup; onDone: (message: string) => void }) {
  const [resolving, setResolving] = useState(false);
  const resolve = useResolveConversationReports();
  const headingId = useId();
  const { listing, reports } = group;
  return (
    <li>
      <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <h3 id={headingId} className="text-lg font-semibold break-words text-slate-900">
          Conversation about <ListingLink id={listing.id}>{listing.title}</ListingLink>
        </h3>
        <ReportList reports={reports} Item={ConversationReportItem} countClassName="mt-1 mb-3" />
        <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-100 pt-4">
          <Button
            size="sm"
            onClick={() => setResolving(true)}
            aria-label={`Resolve the reports of the conversation about ${listing.title}`}
          >
            Resolve reports
          </Button>
        </div>
      </article>
      {resolving && (
        <ResolveReportsDialog
          title="Resolve conversation reports"
          description={`Every open report of this conversation about '${listing.title}' (${String(reports.length)}) is closed with this outcome and reason. Suspend an account from its page.`}
          actionedHint="An account was warned or suspended."
          onResolve={(body) => resolve.mutateAsync({ conversationId: group.conversation_id, body })}
          onResolved={(outcome) => onDone(`The reports of the conversation about '${listing.title}' are resolved (${outcome}).`)}
          onClose={() => setResolving(false)}
        />
      )}
    </li>
  );
}

/**
 * The open reports participants made about a conversation (issue 16), the oldest first: who
 * reported whom about which listing, and why. Resolving closes them; suspending an account
 * is done from its page, linked here.
 */
export function OpenConversationReports({ onDone }: { onDone: (message: string) => void }) {
  const page = usePageParam(PAGE_PARAM);
  const reports = useConversationReports(page);
  return (
    <ConsoleList
      query={reports}
      what="conversation reports"
      empty="No open reports about conversations."
      pagesLabel="Conversation report pages"
      pageParam={PAGE_PARAM}
    >
      {cardList(
        (group) => group.conversation_id,
        (group) => (
          <ConversationReportCard group={group} onDone={onDone} />
        ),
      )}
    </ConsoleList>
  );
}

/** Resolved conversation reports are kept in the audit log, not listed here. */
export function ResolvedConversationReports() {
  return (
    <p className="text-sm text-slate-700">
      Resolved reports about conversations, with their outcome and reason, are in the{' '}
      <Link to={PAGE_ROUTES.adminAudit.path} className={linkClass}>
        audit log
      </Link>
      .
    </p>
  );
}
