/** The documents module's public face (issue 15): other modules read a listing's documents through `app.listingDocuments`. */
export type { DocumentsService } from './service.js';
export { inspectPdf, type PdfVerdict } from './pdf-check.js';
export { sweepOrphanDocuments } from './orphan-sweep.js';
