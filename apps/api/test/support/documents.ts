import { randomBytes } from 'node:crypto';
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
