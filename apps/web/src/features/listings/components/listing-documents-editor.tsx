import {
  DOCUMENT_TOO_LARGE,
  DOCUMENT_TYPE_LABELS,
  DOCUMENT_TYPES,
  DOCUMENTS_PDF_ONLY,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENTS_PER_LISTING,
  TOO_MANY_DOCUMENTS,
  type DocumentType,
  type ListingDocument,
} from '@benchmarket/shared';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { buttonClass } from '@/components/ui/button';
import { OptionList } from '@/components/ui/option-list';
import { errorDetail } from '@/lib/api-client';
import { useDeleteListingDocument, useUploadListingDocuments } from '../api/listing-documents';
import { DocumentList } from './listing-documents';
import { UploadProgress } from './upload-progress';

const UPLOAD_FAILED = 'Failed to upload the document. Please try again.';
const DELETE_FAILED = 'Failed to remove the document. Please try again.';

/** What the browser can tell before sending: a PDF by name or type, within the size and count limits. */
function checkChosen(files: readonly File[], room: number): string | null {
  if (files.some((file) => file.type !== 'application/pdf' && !/\.pdf$/i.test(file.name))) return DOCUMENTS_PDF_ONLY;
  if (files.some((file) => file.size > MAX_DOCUMENT_BYTES)) return DOCUMENT_TOO_LARGE;
  if (files.length > room) return TOO_MANY_DOCUMENTS;
  return null;
}

/** A field of the upload form: its label above its control. */
function UploadField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
    </div>
  );
}

/**
 * Issue 15: the edit page's 'Documents' — the listing's PDFs (service history, certificates,
 * manual) with remove, and an upload form (type, files) that sends them at once, with
 * progress. Its own section beside the listing form: documents are stored when uploaded, not
 * when the form is saved. The server's refusal (not a PDF, JavaScript inside, too large, too
 * many) is shown in the alert.
 */
export function ListingDocumentsEditor({
  listingId,
  documents = [],
  className,
}: {
  listingId: string;
  documents?: readonly ListingDocument[];
  className?: string;
}) {
  const headingId = useId();
  const typeId = useId();
  const filesId = useId();
  const hintId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [type, setType] = useState<DocumentType>('calibration_certificate');
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<{ uploaded: number; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadListingDocuments(listingId);
  const remove = useDeleteListingDocument(listingId);
  const room = MAX_DOCUMENTS_PER_LISTING - documents.length;
  const busy = progress !== null || remove.isPending;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const problem = files.length === 0 ? 'Please choose at least one PDF to upload.' : checkChosen(files, room);
    if (problem) {
      setError(problem);
      return;
    }
    setProgress({ uploaded: 0, total: files.length });
    try {
      await upload.mutateAsync({ type, files, onUploaded: (uploaded) => setProgress({ uploaded, total: files.length }) });
      setFiles([]);
      if (fileInput.current) fileInput.current.value = '';
    } catch (uploadError) {
      setError(errorDetail(uploadError, UPLOAD_FAILED));
    } finally {
      setProgress(null);
    }
  };

  const onRemove = async (document: ListingDocument) => {
    setError(null);
    try {
      await remove.mutateAsync(document.id);
    } catch (removeError) {
      setError(errorDetail(removeError, DELETE_FAILED));
    }
  };

  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Documents
      </h2>
      <p id={hintId} className="mt-1 text-sm text-slate-600">
        PDF files only, up to {MAX_DOCUMENT_BYTES / (1024 * 1024)} MB each, at most {MAX_DOCUMENTS_PER_LISTING} per listing. Buyers can
        download them from the listing page.
      </p>

      {documents.length > 0 && (
        <DocumentList
          documents={documents}
          className="mt-4"
          action={(document) => (
            <button
              type="button"
              onClick={() => void onRemove(document)}
              disabled={busy}
              className={`${buttonClass('secondary', { size: 'sm' })} self-start sm:self-center`}
            >
              Remove<span className="sr-only"> {document.title}</span>
            </button>
          )}
        />
      )}

      {room > 0 ? (
        <form onSubmit={(event) => void onSubmit(event)} className="mt-4 grid gap-4 sm:grid-cols-2" aria-describedby={hintId}>
          <UploadField id={typeId} label="Document type">
            <select
              id={typeId}
              value={type}
              onChange={(event) => setType(event.target.value as DocumentType)}
              disabled={busy}
              className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-teal-700"
            >
              <OptionList values={DOCUMENT_TYPES} labels={DOCUMENT_TYPE_LABELS} />
            </select>
          </UploadField>
          <UploadField id={filesId} label="PDF files">
            <input
              ref={fileInput}
              id={filesId}
              type="file"
              accept="application/pdf,.pdf"
              multiple
              disabled={busy}
              onChange={(event) => {
                setError(null);
                setFiles(Array.from(event.target.files ?? []));
              }}
              className="block w-full min-w-0 text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold file:text-slate-800"
            />
          </UploadField>
          <div className="sm:col-span-2">
            <button type="submit" disabled={busy} className={buttonClass('secondary')}>
              {progress ? 'Uploading…' : files.length > 1 ? `Upload ${files.length} documents` : 'Upload document'}
            </button>
          </div>
        </form>
      ) : (
        <p className="mt-4 text-sm text-slate-600">
          This listing has {MAX_DOCUMENTS_PER_LISTING} documents, the most it can have. Remove one to add another.
        </p>
      )}

      <div className="mt-4 space-y-3" aria-live="polite">
        {progress && <UploadProgress uploaded={progress.uploaded} total={progress.total} noun="document" />}
        {error && <Alert title={error} focusOnShow />}
      </div>
    </section>
  );
}
