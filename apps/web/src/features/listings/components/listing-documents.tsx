import { DOCUMENT_TYPE_LABELS, formatFileSize, formatListedDate, type ListingDocument } from '@benchmarket/shared';
import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * A listing's documents, one row each: type, title, date and size, and what the page offers
 * for it (download on the listing page, remove on the edit page).
 */
export function DocumentList({
  documents,
  action,
  className,
}: {
  documents: readonly ListingDocument[];
  action: (document: ListingDocument) => ReactNode;
  className?: string;
}) {
  return (
    <ul className={cn('divide-y divide-slate-200 rounded-xl border border-slate-200', className)}>
      {documents.map((document) => (
        <li key={document.id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <p className="text-sm font-medium text-slate-900">{DOCUMENT_TYPE_LABELS[document.type]}</p>
            <p className="break-words text-sm text-slate-700">{document.title}</p>
            <p className="text-xs text-slate-500">
              <time dateTime={document.created_at}>{formatListedDate(document.created_at)}</time>
              {' · '}PDF, {formatFileSize(document.bytes)}
            </p>
          </div>
          {action(document)}
        </li>
      ))}
    </ul>
  );
}

/**
 * Issue 15: the listing page's 'Documents' — type, title, date and size of each PDF, with a
 * download link. Nothing when the listing has none.
 */
export function ListingDocuments({ documents }: { documents: readonly ListingDocument[] | undefined }) {
  const headingId = useId();
  if (!documents || documents.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-10 max-w-3xl">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Documents
      </h2>
      <DocumentList
        documents={documents}
        className="mt-3 bg-white"
        action={(document) => (
          <a
            href={document.url}
            download
            className="inline-flex shrink-0 items-center justify-center self-start rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-teal-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 sm:self-center"
          >
            Download<span className="sr-only"> {document.title} (PDF)</span>
          </a>
        )}
      />
    </section>
  );
}
