import { deflateSync } from 'node:zlib';
import {
  decodePDFRawStream,
  EncryptedPDFError,
  PDFArray,
  PDFContext,
  PDFDict,
  PDFDocument,
  PDFInvalidObject,
  PDFName,
  PDFRawStream,
  PDFRef,
  PDFStream,
  type PDFObject,
} from '@cantoo/pdf-lib';

/**
 * What an uploaded document is, judged by its content, never its name (docs/decisions/018):
 * a PDF (starts with `%PDF-`, and parses into a document with at least one page), not
 * encrypted (an encrypted object stream could hide anything), and with no active content —
 * no JavaScript (`/JavaScript`, `/JS`) and no launch action (`/Launch`) anywhere, including
 * inside compressed object streams and behind `#xx` escapes in names.
 */
export type PdfVerdict = 'pdf' | 'not_pdf' | 'encrypted' | 'active_content';

const MAGIC = Buffer.from('%PDF-', 'latin1');
/** Names that run code or programs when a reader opens or acts on the document. */
const ACTIVE_NAMES: ReadonlySet<string> = new Set(['JavaScript', 'JS', 'Launch']);
/** In the raw bytes (escapes decoded): the long names only — '/JS' can occur by chance in compressed data. */
const RAW_ACTIVE = /\/(?:JavaScript|Launch)(?![A-Za-z0-9])/;
/** In an object stream's text, or an object the parser could not read: any of them. */
const TEXT_ACTIVE = /\/(?:JavaScript|JS|Launch)(?![A-Za-z0-9])/;
/** An indirect object's header in the file's bytes: `12 0 obj`. */
const OBJECT_HEADER = /(?<![0-9])([0-9]{1,10})[\0\t\n\f\r ]+([0-9]{1,5})[\0\t\n\f\r ]+obj(?![A-Za-z0-9])/g;

/**
 * The most one stream may decode to while a PDF is checked. Only object and cross-reference
 * streams are decoded (content streams are not), and those hold a document's small objects:
 * far below this in any real PDF of at most 10 MB. Beyond it, a compression bomb — refused
 * before it can take the server's memory.
 */
export const MAX_DECODED_STREAM_BYTES = 32 * 1024 * 1024;

class DecodedTooLarge extends Error {}

/**
 * pdf-lib decodes streams into a buffer that grows without bound (DecodeStream.ensureBuffer).
 * Its growth is capped here, once per process, for every decode — the parser's and ours. The
 * class is not exported: it is reached through a stream that decodePDFRawStream makes.
 */
function capStreamDecoding(): void {
  const probe = PDFRawStream.of(PDFContext.create().obj({ Filter: 'FlateDecode' }), deflateSync(Buffer.from(' ')));
  let proto: object | null = Object.getPrototypeOf(decodePDFRawStream(probe)) as object | null;
  while (proto && !Object.prototype.hasOwnProperty.call(proto, 'ensureBuffer')) proto = Object.getPrototypeOf(proto) as object | null;
  if (!proto) throw new Error('pdf-lib: no DecodeStream.ensureBuffer to cap (docs/decisions/018)');
  const target = proto as { ensureBuffer: (requested: number) => Uint8Array };
  const original = target.ensureBuffer;
  target.ensureBuffer = function ensureBuffer(this: unknown, requested: number) {
    if (requested > MAX_DECODED_STREAM_BYTES) throw new DecodedTooLarge('a PDF stream decodes to too many bytes');
    return original.call(this, requested);
  };
}
capStreamDecoding();

function decodeNameEscapes(text: string): string {
  return text.replace(/#([0-9A-Fa-f]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function isObjectStream(object: PDFObject): object is PDFRawStream {
  return object instanceof PDFRawStream && object.dict.lookup(PDFName.of('Type')) === PDFName.of('ObjStm');
}

/** True when `root` (or anything inside it) names JavaScript or a launch action. Iterative: nesting depth cannot overflow the stack. */
function hasActiveContent(root: PDFObject | undefined, seen: Set<PDFObject>): boolean {
  const pending: PDFObject[] = root ? [root] : [];
  for (let object = pending.pop(); object !== undefined; object = pending.pop()) {
    if (seen.has(object)) continue;
    seen.add(object);
    if (object instanceof PDFName) {
      if (ACTIVE_NAMES.has(object.decodeText())) return true;
    } else if (object instanceof PDFStream) {
      pending.push(object.dict);
    } else if (object instanceof PDFDict) {
      for (const [key, value] of object.entries()) {
        if (ACTIVE_NAMES.has(key.decodeText())) return true;
        pending.push(value);
      }
    } else if (object instanceof PDFArray) {
      pending.push(...object.asArray());
    } else if (object instanceof PDFInvalidObject) {
      if (TEXT_ACTIVE.test(decodeNameEscapes(object.toString()))) return true;
    }
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
    if (document.isEncrypted) return 'encrypted';
    if (document.getPageCount() < 1) return 'not_pdf';
  } catch (error) {
    if (error instanceof EncryptedPDFError) return 'encrypted';
    return 'not_pdf';
  }
  // pdf-lib reads the body object by object and drops one it cannot read (an object stream that
  // does not decode, or decodes to too much): every object the file's bytes declare must be there.
  const latin1 = buffer.toString('latin1');
  for (const match of latin1.matchAll(OBJECT_HEADER)) {
    const ref = PDFRef.of(Number(match[1]), Number(match[2]));
    if (document.context.lookup(ref) === undefined) return 'not_pdf';
  }
  try {
    const seen = new Set<PDFObject>();
    for (const [, object] of document.context.enumerateIndirectObjects()) {
      if (hasActiveContent(object, seen)) return 'active_content';
      // An object the parser could not read (a stream that does not decode, or decodes to too
      // much) cannot be checked: refused, whatever a more forgiving reader would make of it.
      if (object instanceof PDFInvalidObject) return 'not_pdf';
      // The object stream's own text too: what the parser could not unpack is still checked.
      if (isObjectStream(object)) {
        const text = Buffer.from(decodePDFRawStream(object).decode()).toString('latin1');
        if (TEXT_ACTIVE.test(decodeNameEscapes(text))) return 'active_content';
      }
    }
    if (hasActiveContent(document.context.trailerInfo.Root, seen)) return 'active_content';
  } catch {
    // An object stream that cannot be decoded (corrupt, unknown filter, a compression bomb) cannot be checked.
    return 'not_pdf';
  }
  return 'pdf';
}
