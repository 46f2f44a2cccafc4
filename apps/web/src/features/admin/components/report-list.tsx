import type { ComponentType } from 'react';
import { cn } from '@/lib/cn';

/** A group's reports (about a listing, or of a conversation): how many, then each of them. */
export function ReportList<Report extends { id: string }>({
  reports,
  Item,
  countClassName,
}: {
  reports: readonly Report[];
  Item: ComponentType<{ report: Report }>;
  countClassName: string;
}) {
  return (
    <>
      <p className={cn('text-sm font-semibold text-slate-900', countClassName)}>
        {reports.length === 1 ? '1 report' : `${String(reports.length)} reports`}
      </p>
      <ul className="space-y-2">
        {reports.map((report) => (
          <Item key={report.id} report={report} />
        ))}
      </ul>
    </>
  );
}
