import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  API_PREFIX,
  DOCUMENT_NOT_FOUND,
  documentFileName,
  TOO_MANY_DOCUMENTS,
  type DocumentType,
  type ListingDocument,
} from '@benchmarket/shared';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { preparedPerHandle } from '../../db/prepared.js';
import { listingDocuments, listings } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, notFound } from '../../lib/http-errors.js';
import { isListingActive, type AttachedDocument, type DbReader, type ListingRow, type ListingsService } from '../listings/index.js';
import type { PhotoStorage } from '../../providers/storage/index.js';
import { MAX_DOCUMENTS_PER_LISTING } from './limits.js';

interface DocumentsServiceDependencies {
  db: Db;
  storage: PhotoStorage;
  listings: ListingsService;
  clock: Clock;
  /** Signs the download links of listings only their owner sees (the server's secret). */
  secret: string;
  log: FastifyBaseLogger;
}

/** A checked PDF on its way in. */
export interface IncomingDocument {
  title: string;
  bytes: Buffer;
}

type DocumentRow = typeof listingDocuments.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HOUR_MS = 60 * 60_000;

/** A listing's documents, oldest first: read by every listing's detail page (issue 19: prepared once). */
const documentsOfQuery = preparedPerHandle('listing_documents_of', (db: DbReader, name) =>
  db
    .select()
    .from(listingDocuments)
    .where(eq(listingDocuments.listingId, sql.placeholder('listingId')))
    .orderBy(asc(listingDocuments.createdAt), asc(listingDocuments.id))
    .prepare(name),
);

/**
 * A listing's PDF documents (issue 15, docs/decisions/018): at most MAX_DOCUMENTS_PER_LISTING,
 * files through the storage port under `documents/<listingId>/<uuid>.pdf`, downloaded through
 * the API only (GET /listings/{id}/documents/{documentId}) by whoever may see the listing. A
 * listing only its owner sees gets signed download links (a link sends no bearer token), as
 * its photos do (storage/photo-access.ts).
 */
export class DocumentsService {
  constructor(private readonly deps: DocumentsServiceDependencies) {}

  /** How many documents the listing `userId` may change has (404/403/409 as for an edit). */
  async countForOwner(listingId: string, userId: string): Promise<number> {
    await this.deps.listings.findOwnedForChange(listingId, userId);
    const [row] = await this.deps.db.select({ n: count() }).from(listingDocuments).where(eq(listingDocuments.listingId, listingId));
    return row?.n ?? 0;
  }

  /** Stores checked PDFs; the count is checked again under a lock on the listing. Answers the listing's documents. */
  async add(listingId: string, userId: string, type: DocumentType, documents: readonly IncomingDocument[]): Promise<ListingDocument[]> {
    const { db, storage } = this.deps;
    const stored = documents.map((document) => ({ ...document, key: `documents/${listingId}/${randomUUID()}.pdf` }));
    await Promise.all(stored.map((document) => storage.put(document.key, document.bytes, 'application/pdf')));
    try {
      return await db.transaction(async (tx) => {
        await tx.select({ id: listings.id }).from(listings).where(eq(listings.id, listingId)).for('update');
        const listing = await this.deps.listings.findOwnedForChange(listingId, userId, tx);
        const [current] = await tx.select({ n: count() }).from(listingDocuments).where(eq(listingDocuments.listingId, listingId));
        const now = this.deps.clock.now();
        if ((current?.n ?? 0) + stored.length > MAX_DOCUMENTS_PER_LISTING) throw badRequest(TOO_MANY_DOCUMENTS, 'too_many_documents');
        await tx.insert(listingDocuments).values(
          stored.map((document, i) => ({
            listingId,
            type,
            title: document.title,
            bytes: document.bytes.length,
            path: document.key,
            // In the order sent: the documents list is ordered by when each was added.
            createdAt: new Date(now.getTime() + i),
          })),
        );
        return this.listFor(listing, tx);
      });
    } catch (error) {
      await this.removeFiles(stored.map((document) => document.key));
      throw error;
    }
  }

  /** Removes one document (owner only); its file goes after the commit. Answers the listing's documents. */
  async remove(listingId: string, userId: string, documentId: string): Promise<ListingDocument[]> {
    const { db } = this.deps;
    const { documents, removed } = await db.transaction(async (tx) => {
      await tx.select({ id: listings.id }).from(listings).where(eq(listings.id, listingId)).for('update');
      const listing = await this.deps.listings.findOwnedForChange(listingId, userId, tx);
      if (!UUID.test(documentId)) throw notFound(DOCUMENT_NOT_FOUND, 'document_not_found');
      const [gone] = await tx
        .delete(listingDocuments)
        .where(and(eq(listingDocuments.id, documentId), eq(listingDocuments.listingId, listingId)))
        .returning({ path: listingDocuments.path });
      if (!gone) throw notFound(DOCUMENT_NOT_FOUND, 'document_not_found');
      return { documents: await this.listFor(listing, tx), removed: gone };
    });
    await this.removeFiles([removed.path]);
    return documents;
  }

  /** The documents of a listing the caller is already allowed to see (the listings service decided), oldest first. */
  async forListing(listingId: string): Promise<ListingDocument[]> {
    const listing = await this.deps.listings.findRow(listingId);
    return listing ? this.listFor(listing) : [];
  }

  /** As forListing, for documents read with the listing's row (listings' attachedDocumentsColumn): no query. */
  fromAttached(listing: ListingRow, attached: readonly AttachedDocument[]): ListingDocument[] {
    const now = this.deps.clock.now();
    const isPublic = isListingActive(listing, now);
    return attached.map((document) =>
      this.toDocument(
        { ...document, type: document.type as DocumentRow['type'], listingId: listing.id, createdAt: new Date(document.createdAt) },
        isPublic,
        now,
      ),
    );
  }

  /**
   * A document's file for `viewerId` (null: a visitor): when the listing is visible to them, or
   * the link's signature is good. Anything else is 404, as the listing itself would be.
   */
  async download(
    listingId: string,
    documentId: string,
    viewerId: string | null,
    access: string | undefined,
  ): Promise<{ bytes: Buffer; fileName: string; isPublic: boolean }> {
    if (!UUID.test(documentId)) throw notFound(DOCUMENT_NOT_FOUND, 'document_not_found');
    const listing = await this.deps.listings.findRow(listingId);
    if (!listing) throw notFound(DOCUMENT_NOT_FOUND, 'document_not_found');
    const now = this.deps.clock.now();
    const isPublic = isListingActive(listing, now);
    const visible = isPublic || listing.userId === viewerId || this.signatureIsGood(documentId, access, now);
    if (!visible) throw notFound(DOCUMENT_NOT_FOUND, 'document_not_found');
    const [document] = await this.deps.db
      .select()
      .from(listingDocuments)
      .where(and(eq(listingDocuments.id, documentId), eq(listingDocuments.listingId, listingId)))
      .limit(1);
    if (!document) throw notFound(DOCUMENT_NOT_FOUND, 'document_not_found');
    const bytes = await this.deps.storage.get(document.path);
    if (!bytes) throw notFound(DOCUMENT_NOT_FOUND, 'document_not_found');
    return { bytes, fileName: documentFileName(document.title), isPublic };
  }

  private async listFor(listing: ListingRow, db: DbReader = this.deps.db): Promise<ListingDocument[]> {
    const rows = await documentsOfQuery(db).execute({ listingId: listing.id });
    const now = this.deps.clock.now();
    const isPublic = isListingActive(listing, now);
    return rows.map((row) => this.toDocument(row, isPublic, now));
  }

  private toDocument(row: Omit<DocumentRow, 'path'>, isPublic: boolean, now: Date): ListingDocument {
    const url = `${API_PREFIX}/listings/${row.listingId}/documents/${row.id}`;
    return {
      id: row.id,
      type: row.type,
      title: row.title,
      bytes: row.bytes,
      created_at: row.createdAt.toISOString(),
      url: isPublic ? url : `${url}?access=${this.sign(row.id, now)}`,
    };
  }

  private mac(documentId: string, expiresAt: number): string {
    return createHmac('sha256', this.deps.secret).update(`document-access\n${documentId}\n${expiresAt}`).digest('base64url');
  }

  /** Good until the end of the hour after the current one (stable within an hour, as photo links are). */
  private sign(documentId: string, now: Date): string {
    const expiresAt = Math.floor(((Math.floor(now.getTime() / HOUR_MS) + 2) * HOUR_MS) / 1000);
    return `${expiresAt}.${this.mac(documentId, expiresAt)}`;
  }

  private signatureIsGood(documentId: string, access: string | undefined, now: Date): boolean {
    if (!access) return false;
    const [expiry, given] = access.split('.');
    const expiresAt = Number(expiry);
    if (!Number.isSafeInteger(expiresAt) || !given || expiresAt * 1000 <= now.getTime()) return false;
    const expected = Buffer.from(this.mac(documentId, expiresAt));
    const actual = Buffer.from(given);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }

  private async removeFiles(keys: readonly string[]): Promise<void> {
    await Promise.all(
      keys.map((key) =>
        this.deps.storage
          .remove(key)
          .catch((error: unknown) => this.deps.log.warn({ err: error, key }, 'could not remove a document file')),
      ),
    );
  }
}
