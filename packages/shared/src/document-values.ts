/**
 * Issue 15: a listing's documents — PDFs a buyer of used lab and medical equipment asks for
 * (service history, calibration and decontamination certificates, the manual). Values, labels,
 * limits and the API's texts; no zod here (zod-free.test.ts).
 */

export const DOCUMENT_TYPES = ['service_history', 'calibration_certificate', 'decontamination_certificate', 'manual', 'other'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const DOCUMENT_TYPE_LABELS: Readonly<Record<DocumentType, string>> = {
  service_history: 'Service history',
  calibration_certificate: 'Calibration certificate',
  decontamination_certificate: 'Decontamination certificate',
  manual: 'Manual',
  other: 'Other',
};

export const MAX_DOCUMENTS_PER_LISTING = 5;
/** 10 MiB per document, as for a photo. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_TITLE_MAX_LENGTH = 120;
/** The multipart fields of POST /listings/{id}/documents. */
export const DOCUMENT_UPLOAD_FIELD = 'files';
export const DOCUMENT_TYPE_FIELD = 'type';
export const DOCUMENT_TITLE_FIELD = 'title';

export const DOCUMENTS_PDF_ONLY = 'Documents must be PDF files';
export const DOCUMENT_HAS_SCRIPT = 'This PDF contains JavaScript or a launch action and cannot be uploaded';
export const DOCUMENT_ENCRYPTED = 'This PDF is password-protected or encrypted and cannot be uploaded';
export const DOCUMENT_TOO_LARGE = 'A document can be at most 10 MB';
export const TOO_MANY_DOCUMENTS = `A listing can have at most ${MAX_DOCUMENTS_PER_LISTING} documents`;
export const DOCUMENT_TYPE_REQUIRED = `Please choose the document's type (one of: ${DOCUMENT_TYPES.join(', ')})`;
export const DOCUMENT_NOT_FOUND = 'Document not found';

export function isDocumentType(value: unknown): value is DocumentType {
  return typeof value === 'string' && (DOCUMENT_TYPES as readonly string[]).includes(value);
}

/**
 * A title from an uploaded file's name: no folder, no `.pdf`, underscores and runs of spaces
 * as one space, no control or markup characters, at most DOCUMENT_TITLE_MAX_LENGTH; the type's
 * label when nothing is left.
 */
export function documentTitleFrom(fileName: string | undefined, type: DocumentType): string {
  const base = (fileName ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/\.pdf$/i, '')
    // eslint-disable-next-line no-control-regex -- control characters are what it removes
    .replace(/[\u0000-\u001f\u007f<>"`]/g, '')
    .replace(/[_\s]+/g, ' ')
    .trim()
    .slice(0, DOCUMENT_TITLE_MAX_LENGTH)
    .trim();
  return cleaned || DOCUMENT_TYPE_LABELS[type];
}

/** A file name safe in a Content-Disposition header: ASCII letters, digits, '-', '_', '.', ending .pdf. */
export function documentFileName(title: string): string {
  const stem = title
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 80);
  return `${stem || 'document'}.pdf`;
}

/** '1.2 MB', '340 kB', '900 bytes' (decimal units, as file managers show sizes). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
