import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFString, StandardFonts } from '@cantoo/pdf-lib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { TestUser } from './users.js';

/** PDF fixtures made with pdf-lib, and document uploads as the web app sends them. */

export interface DocumentPart {
  data: Buffer;
  filename?: string;
  contentType?: string;
}

/** POST /listings/{id}/documents: the `type` field (when given), then each file in 'files'. */
export function uploadDocuments(
  app: FastifyInstance,
  listingId: string,
  files: readonly DocumentPart[],
  options: { user?: TestUser; type?: string; title?: string } = {},
): Promise<LightMyRequestResponse> {
  const boundary = `----BenchMarketTest${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  const field = (name: string, value: string) =>
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (options.type !== undefined) field('type', options.type);
  if (options.title !== undefined) field('title', options.title);
  files.forEach((file, i) => {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.filename ?? `document-${i + 1}.pdf`}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/pdf'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  });
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return app.inject({
    method: 'POST',
    url: `/api/v1/listings/${listingId}/documents`,
    payload: Buffer.concat(chunks),
    headers: { ...(options.user?.headers ?? {}), 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

async function onePage(text: string): Promise<PDFDocument> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([595, 842]).drawText(text, { x: 50, y: 780, size: 14, font });
  return pdf;
}

/** A plain one-page PDF. */
export async function plainPdf(text = 'Calibration certificate'): Promise<Buffer> {
  return Buffer.from(await (await onePage(text)).save({ useObjectStreams: false }));
}

/**
 * A PDF whose catalog runs an action when opened: JavaScript (`/S /JavaScript /JS (…)`) or a
 * launch (`/S /Launch`). With `inObjectStream`, the action dictionary sits in a compressed
 * object stream, so its names are not in the file's raw bytes.
 */
export async function pdfWithOpenAction(kind: 'javascript' | 'launch', options: { inObjectStream: boolean }): Promise<Buffer> {
  const pdf = await onePage('Service history');
  const action =
    kind === 'javascript'
      ? pdf.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of("app.alert('hello')") })
      : pdf.context.obj({ Type: 'Action', S: 'Launch', F: PDFString.of('calc.exe') });
  pdf.catalog.set(PDFName.of('OpenAction'), pdf.context.register(action));
  return Buffer.from(await pdf.save({ useObjectStreams: options.inObjectStream }));
}

/**
 * A hand-written PDF whose catalog's /OpenAction is object 5, kept in a Flate-compressed object
 * stream whose text is `5 0 ` + `padding` spaces + `content`: with a large padding, a compression
 * bomb (a few kB that decode to tens of MB); with a wrong /First, a stream pdf-lib cannot unpack.
 */
export function pdfWithObjectStream(options: { padding?: number; content?: string; first?: number } = {}): Buffer {
  const padding = options.padding ?? 0;
  const content = options.content ?? '<< /S /JavaScript /JS (app.alert(1)) >>';
  const data = deflateSync(Buffer.from(`5 0 ${' '.repeat(padding)}${content}`));
  const first = options.first ?? 4 + padding;
  const head =
    '%PDF-1.7\n' +
    '1 0 obj\n<< /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R >>\nendobj\n' +
    '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n' +
    '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>\nendobj\n' +
    `4 0 obj\n<< /Type /ObjStm /N 1 /First ${first} /Filter /FlateDecode /Length ${data.length} >>\nstream\n`;
  return Buffer.concat([
    Buffer.from(head, 'latin1'),
    data,
    Buffer.from('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R /Size 6 >>\n%%EOF\n'),
  ]);
}

/** A plain PDF encrypted with a user password (RC4/AES, as pdf-lib writes it). */
export async function encryptedPdf(): Promise<Buffer> {
  const pdf = await onePage('Manual');
  pdf.encrypt({ userPassword: 'secret', ownerPassword: 'owner-secret' });
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}
