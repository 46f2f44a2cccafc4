/**
 * Texts of the documents API that stay on the server (issue 15). Those the web app shows too
 * ('Documents must be PDF files', the size and count limits, the JavaScript refusal) come from
 * `@benchmarket/shared` (document-values.ts).
 */
export const NO_DOCUMENTS_SENT = "Please choose at least one PDF to upload (multipart field 'files')";
export const NOT_MULTIPART = "Documents must be sent as multipart/form-data, in the 'files' field, with their 'type'";
export const UPLOAD_MALFORMED =
  "This upload could not be read: it is not well-formed multipart/form-data. Please send the documents as a form, in the 'files' field.";
export const DOCUMENT_UPLOAD_IN_PROGRESS =
  'You are already uploading documents. Please wait until those uploads have finished, then try again.';

export function documentQuotaReached(perHour: number, retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `You can upload up to ${perHour} files an hour. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}
