import { randomUUID } from 'node:crypto';
import { PDFDocument, rgb, StandardFonts } from '@cantoo/pdf-lib';
import { DOCUMENT_TYPE_LABELS, type DocumentType } from '@benchmarket/shared';
import type { PlannedListing } from './catalog.js';

/**
 * Issue 15: demo PDFs (docs/decisions/018) — a calibration certificate and a service history
 * for the first active listing, a decontamination certificate for the first whose statement
 * says it has one (so the statement and the paperwork agree), a service history for the third —
 * written at seed time with pdf-lib, as a seller's scanned paperwork would be.
 */
const PLAN: readonly { listing: number | 'certified'; type: DocumentType }[] = [
  { listing: 0, type: 'calibration_certificate' },
  { listing: 0, type: 'service_history' },
  { listing: 'certified', type: 'decontamination_certificate' },
  { listing: 2, type: 'service_history' },
];

const DAY_MS = 24 * 3600 * 1000;

export interface DemoDocument {
  /** Index in the seed's catalog. */
  listingIndex: number;
  type: DocumentType;
  title: string;
  key: string;
  bytes: Buffer;
}

function bodyLines(type: DocumentType, listing: PlannedListing, issued: Date): string[] {
  const day = issued.toISOString().slice(0, 10);
  // No serial number: documents are public, the serial is the owner's alone (decision 019).
  const common = [`Equipment: ${listing.manufacturer} ${listing.model}`, `Location: ${listing.location}`];
  switch (type) {
    case 'calibration_certificate':
      return [
        ...common,
        `Date of calibration: ${day}`,
        'Procedure: manufacturer test protocol, traceable reference standards (ISO/IEC 17025).',
        'Result: all tested points within the manufacturer tolerance.',
        `Next calibration due: ${new Date(issued.getTime() + 365 * DAY_MS).toISOString().slice(0, 10)}`,
      ];
    case 'decontamination_certificate':
      return [
        ...common,
        `Date: ${day}`,
        'Agent: 70% ethanol wipe-down, then 0.5% sodium hypochlorite on contact surfaces.',
        'The equipment has not been used with radioactive or biohazard level 3-4 material.',
        'Declared safe for handling, transport and service.',
      ];
    default:
      return [
        ...common,
        `${new Date(issued.getTime() - 400 * DAY_MS).toISOString().slice(0, 10)}: annual preventive maintenance, filters and seals replaced.`,
        `${new Date(issued.getTime() - 200 * DAY_MS).toISOString().slice(0, 10)}: drive belt replaced, speed verified.`,
        `${day}: full functional check before sale, no faults found.`,
      ];
  }
}

async function renderPdf(type: DocumentType, listing: PlannedListing, issued: Date): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${DOCUMENT_TYPE_LABELS[type]} — ${listing.manufacturer} ${listing.model}`);
  pdf.setProducer('BenchMarket demo data');
  pdf.setCreationDate(issued);
  pdf.setModificationDate(issued);
  const [regular, bold] = await Promise.all([pdf.embedFont(StandardFonts.Helvetica), pdf.embedFont(StandardFonts.HelveticaBold)]);
  const page = pdf.addPage([595, 842]);
  page.drawText('BenchMarket Demo Services Ltd.', { x: 50, y: 790, size: 10, font: regular, color: rgb(0.3, 0.3, 0.3) });
  page.drawText(DOCUMENT_TYPE_LABELS[type], { x: 50, y: 750, size: 22, font: bold, color: rgb(0.05, 0.35, 0.35) });
  let y = 710;
  for (const line of bodyLines(type, listing, issued)) {
    page.drawText(line, { x: 50, y, size: 11, font: regular, maxWidth: 495 });
    y -= 22;
  }
  page.drawText('Signed: J. Doe, service engineer', { x: 50, y: y - 30, size: 11, font: regular });
  return Buffer.from(await pdf.save());
}

/** The demo documents of the first active listings of `catalog`, stored through `put`. */
export async function makeDemoDocuments(
  catalog: readonly PlannedListing[],
  listingIds: readonly string[],
  put: (key: string, bytes: Buffer) => Promise<void>,
): Promise<DemoDocument[]> {
  const active = catalog.flatMap((listing, index) => (listing.state === 'active' ? [index] : []));
  const certified = active.find((index) => catalog[index]?.specifications.decontamination?.status === 'certified');
  const documents: DemoDocument[] = [];
  for (const planned of PLAN) {
    const listingIndex = planned.listing === 'certified' ? certified : active[planned.listing];
    if (listingIndex === undefined) continue;
    const listing = catalog[listingIndex]!;
    const issued = new Date(listing.createdAt.getTime() - 14 * DAY_MS);
    const bytes = await renderPdf(planned.type, listing, issued);
    const key = `documents/${listingIds[listingIndex]}/${randomUUID()}.pdf`;
    await put(key, bytes);
    documents.push({
      listingIndex,
      type: planned.type,
      title: `${DOCUMENT_TYPE_LABELS[planned.type]} ${listing.manufacturer} ${listing.model}`,
      key,
      bytes,
    });
  }
  return documents;
}
