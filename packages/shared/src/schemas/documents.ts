/** Issue 15: a listing's documents as the API returns them (values and texts: ../document-values.ts). */
import { z } from 'zod';
import { DOCUMENT_TYPES } from '../document-values.js';
import { IdSchema, IsoDateTimeSchema } from './common.js';

export const DocumentTypeSchema = z.enum(DOCUMENT_TYPES);

export const ListingDocumentSchema = z.object({
  id: IdSchema,
  type: DocumentTypeSchema,
  title: z.string(),
  bytes: z.number().int().min(0),
  created_at: IsoDateTimeSchema,
  /** Where to download it (answers the PDF as an attachment). */
  url: z.string(),
});
export type ListingDocument = z.infer<typeof ListingDocumentSchema>;

export const ListingDocumentListSchema = z.array(ListingDocumentSchema);
