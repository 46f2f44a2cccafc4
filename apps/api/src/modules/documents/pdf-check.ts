import { EncryptedPDFError, PDFArray, PDFDict, PDFDocument, PDFInvalidObject, PDFName, PDFStream, type PDFObject } from '@cantoo/pdf-lib';

/**
 * What an uploaded document is, judged by its content, never its name (docs/decisions/018):
 * a PDF (starts with `%PDF-`, and parses into a document with at least one page), not
 * encrypted (an encrypted object stream could hide anything), and with no active content —
 * no JavaScript (`/JavaScript`, `/JS`) and no launch action (`/Launch`) anywhere, including
 * inside compressed object streams (pdf-lib unpacks them when it loads the file) and behind
 * `#xx` escapes in names (decoded by the parser and by the raw scan below).
 */
export type PdfVerdict = 'pdf' | 'not_pdf' | 'encrypted' | 'active_content';

const MAGIC = Buffer.from('%PDF-', 'latin1');
/** Names that run code or programs when a reader opens or acts on the document. */
const ACTIVE_NAMES: ReadonlySet<string> = new Set(['JavaScript', 'JS', 'Launch']);
/** In the raw bytes (escapes decoded): the long names only — '/JS' can occur by chance in compressed data. */
const RAW_ACTIVE = /\/(?:JavaScript|Launch)(?![A-Za-z0-9])/;
/** In an object the parser could not read: any of them. */
const INVALID_ACTIVE = /\/(?:JavaScript|JS|Launch)(?![A-Za-z0-9])/;

function decodeNameEscapes(text: string): string {
  return text.replace(/#([0-9A-Fa-f]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function nameOf(object: PDFName): string {
  return object.decodeText();
}

/** True when `object` (or anything inside it) names JavaScript or a launch action. */
function hasActiveContent(object: PDFObject | undefined, seen: Set<PDFObject>): boolean {
  if (object === undefined || seen.has(object)) return false;
  seen.add(object);
  if (object instanceof PDFName) return ACTIVE_NAMES.has(nameOf(object));
  if (object instanceof PDFStream) return hasActiveContent(object.dict, seen);
  if (object instanceof PDFDict) {
    for (const [key, value] of object.entries()) {
      if (ACTIVE_NAMES.has(nameOf(key)) || hasActiveContent(value, seen)) return true;
    }
    return false;
  }
  if (object instanceof PDFArray) return object.asArray().some((item) => hasActiveContent(item, seen));
  if (object instanceof PDFInvalidObject) {
    return INVALID_ACTIVE.test(decodeNameEscapes(object.toString()));
  }
  return false;
}

export async function inspectPdf(bytes: Uint8Array): Promise<PdfVerdict> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.length < MAGIC.length || !buffer.subarray(0, MAGIC.length).equals(MAGIC)) return 'not_pdf';
  // Cheap first: the long names anywhere in the file's own bytes.
  if (RAW_ACTIVE.test(decodeNameEscapes(buffer.toString('latin1')))) return 'active_content';
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(buffer, { updateMetadata: false, throwOnInvalidObject: false });
    if (document.getPageCount() < 1) return 'not_pdf';
  } catch (error) {
    if (error instanceof EncryptedPDFError) return 'encrypted';
    return 'not_pdf';
  }
  if (document.isEncrypted) return 'encrypted';
  const seen = new Set<PDFObject>();
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    if (hasActiveContent(object, seen)) return 'active_content';
  }
  if (hasActiveContent(document.context.trailerInfo.Root, seen)) return 'active_content';
  return 'pdf';
}
