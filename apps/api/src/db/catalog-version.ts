import { eq } from 'drizzle-orm';
import type { Database, Db } from './database.js';
import { searchCatalog } from './schema.js';

/** The channel bump_search_catalog() notifies with the new version (migration 0025). */
export const CATALOG_CHANNEL = 'search_catalog';

/**
 * The catalog version (search_catalog.version), which every kept answer (decisions 006 and
 * 031) and every photo's access check is checked against. Reading it was one query per kept answer; on PostgreSQL this
 * process now follows it instead: it LISTENs for the version every change notifies, and
 * answers from memory while it knows it (issue 19).
 *
 * What it knows must never hide a change a caller could already see:
 * - another process's change arrives as a notification, after its commit (the same moment
 *   another process's reader would first see it);
 * - this process's own writes are known the moment their statement (or COMMIT) finishes:
 *   the version is forgotten and read again, so a seller's edit shows on their next request,
 *   before its notification arrives;
 * - a read that began before such a forget is not trusted, and a version heard while a read
 *   was in flight wins over the read when it is newer;
 * - while the connection that listens is down, every call reads the database, as before;
 * - and what it knows is read again at least once a second (CHECK_AGAIN_MS), so a path that
 *   silently drops notifications (a pooler in transaction mode between it and PostgreSQL)
 *   leaves answers at most that old, not stale for good — one query a second, not one per
 *   answer.
 */
const CHECK_AGAIN_MS = 1_000;

export class CatalogVersion {
  private known: number | undefined;
  /** When `known` was last read from the database (Date.now()). */
  private readAt = 0;
  /** The newest version heard since listening began: a read may have started before it committed. */
  private latestHeard = Number.NEGATIVE_INFINITY;
  private listening = false;
  /** Moves on every forget, so a read begun before one cannot set what it no longer knows. */
  private generation = 0;
  private readonly stops: (() => unknown)[] = [];

  private readonly read: () => Promise<number>;

  constructor(database: Pick<Database, 'db' | 'observeWrites' | 'listen'>) {
    this.read = () => readCatalogVersion(database.db);
    if (!database.listen) return;
    this.stops.push(database.observeWrites(() => this.forget()));
    const listening = database.listen(CATALOG_CHANNEL, {
      onListening: () => {
        this.listening = true;
        this.forget();
      },
      onNotification: (payload) => this.heard(Number(payload)),
      onLost: () => {
        this.listening = false;
        this.latestHeard = Number.NEGATIVE_INFINITY;
        this.forget();
      },
    });
    this.stops.push(() => listening.stop());
  }

  /** The version now: from memory while it is followed, else from the database. */
  async current(): Promise<number> {
    const known = this.knownNow();
    if (known !== undefined) return known;
    const generation = this.generation;
    const version = await this.read();
    if (!this.listening || generation !== this.generation) return version;
    this.known = Math.max(version, this.latestHeard, this.known ?? Number.NEGATIVE_INFINITY);
    this.readAt = Date.now();
    return this.known;
  }

  /**
   * The version as this process knows it this moment, without asking the database; undefined
   * when it would have to ask (not followed, forgotten after a write, or due to be read again).
   * The fast lane (lib/fast-lane.ts) answers from memory only while this is known.
   */
  knownNow(): number | undefined {
    return this.known !== undefined && Date.now() - this.readAt < CHECK_AGAIN_MS ? this.known : undefined;
  }

  async close(): Promise<void> {
    const stops = this.stops.splice(0);
    for (const stop of stops) await stop();
  }

  /**
   * A notification may arrive after a read already saw a later version (it was sent at an
   * earlier commit): the newest wins. Versions only go back when the database is replaced,
   * which a restore does with every server stopped (docs/backup-and-restore.md).
   */
  private heard(version: number): void {
    if (!Number.isSafeInteger(version)) return this.forget();
    this.latestHeard = Math.max(this.latestHeard, version);
    if (this.known !== undefined) this.known = Math.max(this.known, version);
  }

  private forget(): void {
    this.known = undefined;
    this.generation += 1;
  }
}

async function readCatalogVersion(db: Db): Promise<number> {
  const [row] = await db.select({ version: searchCatalog.version }).from(searchCatalog).where(eq(searchCatalog.id, 1));
  return row?.version ?? 0;
}
