import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { listings } from '../../db/schema.js';

/**
 * Nearest-neighbour search over listings' meaning vectors, kept in this process's memory and
 * read from the database (no pgvector needed: Debian's PostgreSQL has none; decision 009).
 *
 * The index holds, per searchable listing, its unit vector and what the search filters need
 * (active until, price, condition, country), so a filtered search is exact. It follows the
 * database by revision: every write of a listing moves its `search_rev` forward (a trigger),
 * and before each search the index reads the rows past the last revision it saw — so a
 * listing created or edited through any process is found by its new meaning on the next
 * search. A revision taken by a transaction that commits after a later one would be skipped,
 * so the last few seconds of revisions are read again now and then.
 *
 * Vectors are kept as 8-bit codes with a scale per listing (a quarter of the memory of
 * 32-bit floats: 13 MB instead of 52 MB at 100,000 listings); a similarity moves by about a
 * thousandth, far below what tells one listing from another.
 *
 * Small catalogs are scanned whole. From CLUSTER_FROM listings, the vectors are grouped into
 * cells around centroids (k-means on a sample; an inverted file) and a search reads the
 * cells nearest the query until it has seen enough listings that pass the filters.
 */

export interface MeaningFilter {
  nowMs: number;
  minPriceCents?: number;
  maxPriceCents?: number;
  condition?: string;
  location?: string;
}

export interface MeaningHit {
  id: string;
  similarity: number;
}

const CLUSTER_FROM = 12_000;
/** Every RECHECK_MS, the revisions of the last RECHECK_WINDOW_MS are read again (transactions that committed late). */
const RECHECK_MS = 5_000;
const RECHECK_WINDOW_MS = 60_000;
const LOAD_BATCH = 5_000;
/** Revisions below the newest at the first load that are read again (writes in flight then). */
const LOAD_LOOKBACK = 1_000;

interface Columns {
  slots: number;
  ids: string[];
  /** Each slot's vector as int8 codes: component j of slot s is codes[s·d + j] × scales[s]. */
  codes: Int8Array;
  scales: Float32Array;
  /** Ms since epoch the listing stops being searchable (expiry); -1 when not active now. */
  activeUntil: Float64Array;
  price: Float64Array;
  condition: string[];
  location: (string | null)[];
}

export class MeaningIndex {
  private readonly slotOf = new Map<string, number>();
  private readonly free: number[] = [];
  private columns: Columns;
  private lastRev = 0;
  /** The last revision read, every RECHECK_MS, for RECHECK_WINDOW_MS: where rechecks start. */
  private checkpoints: { rev: number; at: number }[] = [];
  private lastRecheck = 0;
  private loaded?: Promise<void>;
  private syncing?: Promise<void>;
  private cells?: { centroids: Float32Array; members: number[][]; cellOf: Int32Array; builtAt: number };
  private building = false;
  /** Slots written while cells were being built: placed again when the build ends. */
  private readonly changedWhileBuilding = new Set<number>();
  private nextSlot = 0;
  /**
   * The direction every listing shares (the mean vector: 'used', 'condition', 'lab'…), taken
   * out of every similarity (as smooth-inverse-frequency embeddings do): without it, every
   * listing is about as close to a long query as every other.
   */
  private common = { vector: new Float32Array(0), projections: new Float32Array(0), atSize: 0 };

  constructor(
    private readonly db: Db,
    readonly dimensions: number,
    private readonly nowMs: () => number = Date.now,
    /** Which vectors: the local model's (`meaning`) or the AI endpoint's (`embedding`). */
    private readonly column: typeof listings.meaning | typeof listings.embedding = listings.meaning,
  ) {
    this.columns = emptyColumns(0, dimensions);
  }

  get size(): number {
    return this.slotOf.size;
  }

  /** Reads what changed since the last call (all searchable listings the first time). */
  async sync(): Promise<void> {
    this.loaded ??= this.loadAll();
    await this.loaded;
    // One reader at a time; searches that arrive meanwhile wait for it (it is one indexed read).
    this.syncing ??= this.readChanges().finally(() => {
      this.syncing = undefined;
    });
    await this.syncing;
  }

  private async loadAll(): Promise<void> {
    const [{ rev }] = (
      await this.db.execute<{ rev: number | string | null }>(sql`select max(${listings.searchRev}) as rev from ${listings}`)
    ).rows as [{ rev: number | string | null }];
    const upTo = Number(rev ?? 0);
    let after = 0;
    for (;;) {
      const rows = await this.read(
        sql`${listings.searchRev} > ${after} and ${listings.searchRev} <= ${upTo} and ${listings.isActive} and not ${listings.isDeleted}`,
      );
      for (const row of rows) this.put(row);
      if (rows.length < LOAD_BATCH) break;
      after = Number(rows[rows.length - 1]!.rev);
    }
    this.lastRev = upTo;
    // Revisions just below max(search_rev) may belong to transactions still open: rechecked later.
    this.checkpoints = [{ rev: Math.max(0, upTo - LOAD_LOOKBACK), at: this.nowMs() }];
    this.lastRecheck = this.nowMs();
  }

  /**
   * Reads the rows past the last revision read; every RECHECK_MS, from the revision read
   * RECHECK_WINDOW_MS ago instead — a transaction that took its revision before a later one
   * committed, and committed within that window, is found then.
   */
  private async readChanges(): Promise<void> {
    const now = this.nowMs();
    const last = this.checkpoints[this.checkpoints.length - 1];
    if (!last || now - last.at >= RECHECK_MS) this.checkpoints.push({ rev: this.lastRev, at: now });
    while (this.checkpoints.length > 1 && now - this.checkpoints[1]!.at >= RECHECK_WINDOW_MS) this.checkpoints.shift();
    const recheck = now - this.lastRecheck >= RECHECK_MS;
    if (recheck) this.lastRecheck = now;
    let after = recheck ? this.checkpoints[0]!.rev : this.lastRev;
    for (;;) {
      const rows = await this.read(sql`${listings.searchRev} > ${after}`);
      for (const row of rows) this.put(row);
      if (rows.length > 0) this.lastRev = Math.max(this.lastRev, Number(rows[rows.length - 1]!.rev));
      if (rows.length < LOAD_BATCH) break;
      after = Number(rows[rows.length - 1]!.rev);
    }
  }

  private async read(where: ReturnType<typeof sql>): Promise<IndexRow[]> {
    const result = await this.db.execute<IndexRow>(sql`
      select ${listings.id} as id, ${listings.searchRev} as rev, ${this.column} as meaning,
        (${listings.isActive} and ${listings.paymentStatus} = 'paid' and not ${listings.isDeleted}) as searchable,
        ${listings.expiryDate} as expiry, ${listings.priceCents} as price, ${listings.condition} as condition,
        ${listings.location} as location
      from ${listings} where ${where}
      order by ${listings.searchRev} limit ${LOAD_BATCH}`);
    return result.rows;
  }

  /** Adds, replaces or (when it is no longer searchable) removes a listing. */
  private put(row: IndexRow): void {
    const meaning = parseVector(row.meaning, this.dimensions);
    const existing = this.slotOf.get(row.id);
    if (!row.searchable || !meaning) {
      if (existing !== undefined) this.remove(row.id, existing);
      return;
    }
    const slot = existing ?? this.allocate(row.id);
    if (this.building) this.changedWhileBuilding.add(slot);
    const c = this.columns;
    encode(meaning, c.codes, c.scales, slot);
    c.activeUntil[slot] = row.expiry === null ? Number.POSITIVE_INFINITY : new Date(row.expiry).getTime();
    c.price[slot] = Number(row.price);
    c.condition[slot] = row.condition;
    c.location[slot] = row.location;
    if (this.common.projections.length > slot) this.common.projections[slot] = this.dotSlot(slot, this.common.vector);
    if (this.cells) {
      const previous = this.cells.cellOf[slot] ?? -1;
      const cell = nearestCell(this.cells.centroids, meaning, this.dimensions);
      if (previous !== cell) {
        if (previous >= 0) removeFrom(this.cells.members[previous]!, slot);
        this.cells.members[cell]!.push(slot);
        this.cells.cellOf[slot] = cell;
      }
    }
  }

  private allocate(id: string): number {
    let slot = this.free.pop();
    if (slot === undefined) {
      if (this.nextSlot >= this.columns.slots) this.grow();
      slot = this.nextSlot++;
    }
    this.slotOf.set(id, slot);
    this.columns.ids[slot] = id;
    return slot;
  }

  private grow(): void {
    const old = this.columns;
    const next = emptyColumns(Math.max(1024, old.slots * 2), this.dimensions);
    next.codes.set(old.codes);
    next.scales.set(old.scales);
    next.activeUntil.set(old.activeUntil);
    next.price.set(old.price);
    next.ids = old.ids.slice();
    next.condition = old.condition.slice();
    next.location = old.location.slice();
    this.columns = next;
    if (this.cells) {
      const cellOf = new Int32Array(next.slots).fill(-1);
      cellOf.set(this.cells.cellOf);
      this.cells.cellOf = cellOf;
    }
  }

  private remove(id: string, slot: number): void {
    this.slotOf.delete(id);
    this.columns.activeUntil[slot] = -1;
    this.columns.ids[slot] = '';
    if (this.cells) {
      const cell = this.cells.cellOf[slot] ?? -1;
      if (cell >= 0) removeFrom(this.cells.members[cell]!, slot);
      this.cells.cellOf[slot] = -1;
    }
    this.free.push(slot);
  }

  private passes(slot: number, filter: MeaningFilter): boolean {
    const c = this.columns;
    if (!(c.activeUntil[slot]! > filter.nowMs)) return false;
    if (filter.minPriceCents !== undefined && c.price[slot]! < filter.minPriceCents) return false;
    if (filter.maxPriceCents !== undefined && c.price[slot]! > filter.maxPriceCents) return false;
    if (filter.condition !== undefined && c.condition[slot] !== filter.condition) return false;
    if (filter.location !== undefined && c.location[slot] !== filter.location) return false;
    return true;
  }

  /**
   * How similar listings are to the query in general: the mean and spread of the similarity
   * over an even sample of the index. A listing is close in meaning when it stands out from
   * them — long queries are a little similar to everything, single words to little.
   */
  spread(query: Float32Array, sample = 512): { mean: number; sd: number; n: number } {
    this.refreshCommon();
    if (this.slotOf.size === 0) return { mean: 0, sd: 1, n: 0 };
    // Every step-th slot (no copy of the index per search); free slots are skipped.
    const step = Math.max(1, Math.floor(this.nextSlot / sample));
    const q = this.queryCommon(query);
    let n = 0;
    let sum = 0;
    let squares = 0;
    for (let slot = 0; slot < this.nextSlot; slot += step) {
      if (this.columns.ids[slot] === '') continue;
      const similarity = centered(this.dotSlot(slot, query), this.common.projections[slot] ?? 0, q);
      n += 1;
      sum += similarity;
      squares += similarity * similarity;
    }
    if (n === 0) return { mean: 0, sd: 1, n: 0 };
    const mean = sum / n;
    return { mean, sd: Math.sqrt(Math.max(1e-6, squares / n - mean * mean)), n };
  }

  /** A copy of a listing's vector (undefined when it is not in the index). */
  vectorOf(id: string): Float32Array | undefined {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return undefined;
    return decode(this.columns, slot, this.dimensions, new Float32Array(this.dimensions));
  }

  /** A slot's vector · the query. */
  private dotSlot(slot: number, query: Float32Array): number {
    const d = this.dimensions;
    const codes = this.columns.codes;
    const offset = slot * d;
    let dot = 0;
    for (let j = 0; j < d; j++) dot += codes[offset + j]! * query[j]!;
    return dot * this.columns.scales[slot]!;
  }

  /** The similarity (common direction removed) of a listing in the index to the query, or undefined. */
  similarity(id: string, query: Float32Array): number | undefined {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return undefined;
    this.refreshCommon();
    const q = this.queryCommon(query);
    return centered(this.dotSlot(slot, query), this.common.projections[slot] ?? 0, q);
  }

  private queryCommon(query: Float32Array): number {
    const u = this.common.vector;
    let dot = 0;
    for (let j = 0; j < u.length; j++) dot += u[j]! * query[j]!;
    return dot;
  }

  /** Recomputes the common direction when the index changed size by a fifth since. */
  private refreshCommon(): void {
    const size = this.slotOf.size;
    const { atSize } = this.common;
    if (size === 0 || (atSize > 0 && Math.abs(size - atSize) <= atSize * 0.2 && this.common.projections.length === this.columns.slots))
      return;
    const d = this.dimensions;
    const mean = new Float32Array(d);
    const { codes, scales } = this.columns;
    for (const slot of this.slotOf.values()) for (let j = 0; j < d; j++) mean[j]! += codes[slot * d + j]! * scales[slot]!;
    let norm = 0;
    for (const x of mean) norm += x * x;
    norm = Math.sqrt(norm);
    if (norm > 0) for (let j = 0; j < d; j++) mean[j]! /= norm;
    const projections = new Float32Array(this.columns.slots);
    for (let slot = 0; slot < this.nextSlot; slot++) projections[slot] = this.dotSlot(slot, mean);
    this.common = { vector: mean, projections, atSize: size };
  }

  /**
   * The `k` searchable listings (passing the filters) nearest the query, with their cosine
   * similarity, nearest first; only those at least `minSimilarity` away.
   */
  nearest(query: Float32Array, k: number, filter: MeaningFilter, minSimilarity = -1): MeaningHit[] {
    this.maybeCluster();
    this.refreshCommon();
    const top = new TopK(k);
    const d = this.dimensions;
    const { codes, scales } = this.columns;
    const projections = this.common.projections;
    const q = this.queryCommon(query);
    const score = (slot: number) => {
      if (!this.passes(slot, filter)) return;
      let dot = 0;
      const offset = slot * d;
      for (let j = 0; j < d; j++) dot += codes[offset + j]! * query[j]!;
      const similarity = centered(dot * scales[slot]!, projections[slot] ?? 0, q);
      if (similarity >= minSimilarity) top.offer(slot, similarity);
    };
    if (!this.cells) {
      for (let slot = 0; slot < this.nextSlot; slot++) score(slot);
    } else {
      const { centroids, members } = this.cells;
      const order = cellOrder(centroids, query, d);
      // Read the nearest cells until enough listings were scored (at least ~4% of the index).
      const enough = Math.max(k * 8, Math.ceil(this.slotOf.size * 0.04));
      let seen = 0;
      for (const cell of order) {
        for (const slot of members[cell]!) {
          score(slot);
          seen += 1;
        }
        if (seen >= enough && top.full()) break;
      }
    }
    return top.sorted().map(({ slot, value }) => ({ id: this.columns.ids[slot]!, similarity: value }));
  }

  /** Groups the vectors into cells once the index is large (in the background, in steps). */
  private maybeCluster(): void {
    const size = this.slotOf.size;
    if (this.building || size < CLUSTER_FROM) return;
    if (this.cells && size < this.cells.builtAt * 2) return;
    this.building = true;
    this.changedWhileBuilding.clear();
    void this.buildCells()
      .catch(() => undefined)
      .finally(() => {
        this.building = false;
      });
  }

  private async buildCells(): Promise<void> {
    const d = this.dimensions;
    // One buffer for the decoded vector: each is used at once and never kept.
    const scratch = new Float32Array(d);
    const vectorOf = (slot: number) => decode(this.columns, slot, d, scratch);
    const centroids = await kMeansCentroids([...this.slotOf.values()], vectorOf, d);
    const count = centroids.length / d;
    const members: number[][] = Array.from({ length: count }, () => []);
    const cellOf = new Int32Array(this.columns.slots).fill(-1);
    let done = 0;
    for (const slot of [...this.slotOf.values()]) {
      if (this.columns.ids[slot] === '') continue;
      const cell = nearestCell(centroids, vectorOf(slot), d);
      members[cell]!.push(slot);
      cellOf[slot] = cell;
      if (++done % 2000 === 0) await yieldToRequests();
    }
    // What changed meanwhile (moved, removed, grown) is placed again, synchronously.
    const cells = { centroids, members, cellOf, builtAt: this.slotOf.size };
    if (cells.cellOf.length < this.columns.slots) {
      const grown = new Int32Array(this.columns.slots).fill(-1);
      grown.set(cells.cellOf);
      cells.cellOf = grown;
    }
    for (const slot of this.changedWhileBuilding) {
      const previous = cells.cellOf[slot]!;
      if (previous >= 0) removeFrom(members[previous]!, slot);
      cells.cellOf[slot] = -1;
      if (this.columns.ids[slot] === '') continue;
      const cell = nearestCell(centroids, vectorOf(slot), d);
      members[cell]!.push(slot);
      cells.cellOf[slot] = cell;
    }
    this.changedWhileBuilding.clear();
    this.cells = cells;
  }
}

interface IndexRow extends Record<string, unknown> {
  id: string;
  rev: number | string;
  meaning: unknown;
  searchable: boolean;
  expiry: string | Date | null;
  price: number | string;
  condition: string;
  location: string | null;
}

function emptyColumns(slots: number, dimensions: number): Columns {
  return {
    slots,
    ids: new Array<string>(slots).fill(''),
    codes: new Int8Array(slots * dimensions),
    scales: new Float32Array(slots),
    activeUntil: new Float64Array(slots).fill(-1),
    price: new Float64Array(slots),
    condition: new Array<string>(slots).fill(''),
    location: new Array<string | null>(slots).fill(null),
  };
}

/** A real[] as node-postgres returns it (an array, or the '{…}' text). */
function parseVector(value: unknown, dimensions: number): Float32Array | undefined {
  let numbers: number[] | undefined;
  if (Array.isArray(value)) numbers = value.map(Number);
  else if (typeof value === 'string' && value.startsWith('{')) numbers = value.slice(1, -1).split(',').map(Number);
  if (!numbers || numbers.length !== dimensions || numbers.some((x) => !Number.isFinite(x))) return undefined;
  return Float32Array.from(numbers);
}

/** Writes a vector as int8 codes scaled to its largest component. */
function encode(vector: Float32Array, codes: Int8Array, scales: Float32Array, slot: number): void {
  const d = vector.length;
  let largest = 0;
  for (let j = 0; j < d; j++) largest = Math.max(largest, Math.abs(vector[j]!));
  const scale = largest > 0 ? largest / 127 : 1;
  for (let j = 0; j < d; j++) codes[slot * d + j] = Math.round(vector[j]! / scale);
  scales[slot] = scale;
}

/** A slot's vector, decoded into `into`. */
function decode(columns: Columns, slot: number, d: number, into: Float32Array): Float32Array {
  const scale = columns.scales[slot]!;
  for (let j = 0; j < d; j++) into[j] = columns.codes[slot * d + j]! * scale;
  return into;
}

function removeFrom(list: number[], value: number): void {
  const at = list.indexOf(value);
  if (at >= 0) {
    list[at] = list[list.length - 1]!;
    list.pop();
  }
}

/** The best k (slot, value) pairs seen, kept in a small min-heap. */
class TopK {
  private readonly slots: number[] = [];
  private readonly values: number[] = [];

  constructor(private readonly k: number) {}

  full(): boolean {
    return this.slots.length >= this.k;
  }

  offer(slot: number, value: number): void {
    if (this.k <= 0) return;
    if (this.slots.length < this.k) {
      this.slots.push(slot);
      this.values.push(value);
      this.up(this.slots.length - 1);
    } else if (value > this.values[0]!) {
      this.slots[0] = slot;
      this.values[0] = value;
      this.down(0);
    }
  }

  sorted(): { slot: number; value: number }[] {
    return this.slots.map((slot, i) => ({ slot, value: this.values[i]! })).sort((a, b) => b.value - a.value || a.slot - b.slot);
  }

  private swap(a: number, b: number): void {
    [this.slots[a], this.slots[b]] = [this.slots[b]!, this.slots[a]!];
    [this.values[a], this.values[b]] = [this.values[b]!, this.values[a]!];
  }

  private up(i: number): void {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.values[parent]! <= this.values[i]!) return;
      this.swap(parent, i);
      i = parent;
    }
  }

  private down(i: number): void {
    const n = this.values.length;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let smallest = i;
      if (l < n && this.values[l]! < this.values[smallest]!) smallest = l;
      if (r < n && this.values[r]! < this.values[smallest]!) smallest = r;
      if (smallest === i) return;
      this.swap(i, smallest);
      i = smallest;
    }
  }
}

/** Cosine of two unit vectors once the common direction u is taken out of both (dot, v·u, q·u). */
function centered(dot: number, vu: number, qu: number): number {
  const denominator = Math.sqrt(Math.max(1e-9, (1 - vu * vu) * (1 - qu * qu)));
  return (dot - vu * qu) / denominator;
}

function dotAt(a: Float32Array, aOffset: number, b: Float32Array, bOffset: number, d: number): number {
  let dot = 0;
  for (let j = 0; j < d; j++) dot += a[aOffset + j]! * b[bOffset + j]!;
  return dot;
}

function nearestCell(centroids: Float32Array, vector: Float32Array, d: number): number {
  let best = 0;
  let bestValue = Number.NEGATIVE_INFINITY;
  const count = centroids.length / d;
  for (let c = 0; c < count; c++) {
    const value = dotAt(centroids, c * d, vector, 0, d);
    if (value > bestValue) {
      bestValue = value;
      best = c;
    }
  }
  return best;
}

function cellOrder(centroids: Float32Array, query: Float32Array, d: number): number[] {
  const count = centroids.length / d;
  const values = Array.from({ length: count }, (_, c) => dotAt(centroids, c * d, query, 0, d));
  return values.map((_, c) => c).sort((a, b) => values[b]! - values[a]!);
}

const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Spherical k-means on a sample of the vectors (about √n cells), a few rounds, yielding to
 * the event loop between steps so searches keep being answered while it runs.
 */
async function kMeansCentroids(slots: readonly number[], vectorOf: (slot: number) => Float32Array, d: number): Promise<Float32Array> {
  const count = Math.max(16, Math.round(Math.sqrt(slots.length)));
  // A deterministic sample: every step-th listing, about 24 per cell.
  const step = Math.max(1, Math.floor(slots.length / (count * 24)));
  const sample = slots.filter((_, i) => i % step === 0);
  const centroids = new Float32Array(count * d);
  for (let c = 0; c < count; c++) centroids.set(vectorOf(sample[Math.floor((c * sample.length) / count)]!), c * d);
  for (let round = 0; round < 6; round++) {
    const sums = new Float32Array(count * d);
    for (let i = 0; i < sample.length; i++) {
      const vector = vectorOf(sample[i]!);
      const cell = nearestCell(centroids, vector, d);
      for (let j = 0; j < d; j++) sums[cell * d + j]! += vector[j]!;
      if (i % 2000 === 1999) await yieldToRequests();
    }
    for (let c = 0; c < count; c++) {
      let norm = 0;
      for (let j = 0; j < d; j++) norm += sums[c * d + j]! ** 2;
      norm = Math.sqrt(norm);
      if (norm > 0) for (let j = 0; j < d; j++) centroids[c * d + j] = sums[c * d + j]! / norm;
    }
  }
  return centroids;
}
