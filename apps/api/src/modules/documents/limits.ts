import { MAX_DOCUMENT_BYTES, MAX_DOCUMENTS_PER_LISTING } from '@benchmarket/shared';

/** Document limits (docs/decisions/018): bytes and count are shared with the web app. */
export { MAX_DOCUMENT_BYTES, MAX_DOCUMENTS_PER_LISTING };

/** Uploads one account may have in progress at once in a process (the web app sends one at a time). */
export const MAX_DOCUMENT_UPLOADS_AT_ONCE_PER_ACCOUNT = 2;

/** The quota's window: RATE_LIMIT_PHOTOS_PER_HOUR documents per account, as for photos. */
export const DOCUMENT_QUOTA_WINDOW_MS = 60 * 60_000;

/** A full upload plus the form's own bytes; a refused body beyond this closes its connection. */
export const MAX_DOCUMENT_REQUEST_BYTES = MAX_DOCUMENTS_PER_LISTING * MAX_DOCUMENT_BYTES + 1024 * 1024;
