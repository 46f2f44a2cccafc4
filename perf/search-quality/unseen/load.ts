/**
 * The blind relevance set on an unseen catalog (README.md next to this file): reads
 * catalog.json and queries.json, checks their shape, and answers grade look-ups.
 *
 *   import { loadUnseenSet, gradesFor } from './unseen/load.js';
 *   const { listings, queries } = loadUnseenSet();
 *
 * A malformed file throws an UnseenSetError that names the file and the listing or query id.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findCountry, isCondition, type Condition } from '@benchmarket/shared';

const HERE = path.dirname(fileURLToPath(import.meta.url));

export const QUERY_TYPES = ['plain', 'synonym', 'abbreviation', 'typo', 'natural', 'model'] as const;
export type UnseenQueryType = (typeof QUERY_TYPES)[number];

export const SPLITS = ['tuning', 'test'] as const;
export type UnseenSplit = (typeof SPLITS)[number];

/** 3 = exactly what was asked, 2 = one constraint missed or a close variant, 1 = related, 0 = not relevant. */
export type Grade = 0 | 1 | 2 | 3;

export interface UnseenListing {
  id: string;
  /** The set's own family label (grader's field, not something a seller typed). */
  family: string;
  /** What the item is (grader's field). */
  kind: string;
  manufacturer: string;
  title: string;
  description: string;
  /** USD. */
  price: number;
  condition: Condition;
  /** A country name as the seller wrote it. */
  location: string;
}

export interface UnseenQuery {
  id: string;
  type: UnseenQueryType;
  query: string;
  split: UnseenSplit;
  /** Listing id to grade; a listing that is absent is grade 0. */
  grades: Readonly<Record<string, Grade>>;
}

export interface UnseenSet {
  listings: UnseenListing[];
  queries: UnseenQuery[];
}

export class UnseenSetError extends Error {
  override name = 'UnseenSetError';
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch (error) {
    throw new UnseenSetError(`${path.basename(file)}: cannot read: ${(error as Error).message}`);
  }
}

function text(record: Json, field: string, where: string): string {
  const value = record[field];
  if (typeof value !== 'string' || value.trim() === '') {
    throw new UnseenSetError(`${where}: '${field}' must be a non-empty string`);
  }
  return value;
}

function oneOf<T extends string>(record: Json, field: string, allowed: readonly T[], where: string): T {
  const value = record[field];
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new UnseenSetError(`${where}: '${field}' is ${JSON.stringify(value)}, expected one of ${allowed.join(', ')}`);
  }
  return value as T;
}

function parseListing(raw: unknown, index: number): UnseenListing {
  if (!isObject(raw)) throw new UnseenSetError(`catalog.json: entry ${index} is not an object`);
  const id = typeof raw.id === 'string' && raw.id !== '' ? raw.id : `#${index}`;
  const where = `catalog.json: listing ${id}`;
  text(raw, 'id', where);
  const price = raw.price;
  if (typeof price !== 'number' || !Number.isFinite(price) || price < 0) {
    throw new UnseenSetError(`${where}: 'price' must be a number >= 0, got ${JSON.stringify(price)}`);
  }
  const condition = raw.condition;
  if (!isCondition(condition)) {
    throw new UnseenSetError(`${where}: 'condition' ${JSON.stringify(condition)} is not a spec condition value`);
  }
  const location = text(raw, 'location', where);
  if (!findCountry(location)) throw new UnseenSetError(`${where}: 'location' '${location}' is not a known country`);
  return {
    id,
    family: text(raw, 'family', where),
    kind: text(raw, 'kind', where),
    manufacturer: text(raw, 'manufacturer', where),
    title: text(raw, 'title', where),
    description: text(raw, 'description', where),
    price,
    condition,
    location,
  };
}

function parseQuery(raw: unknown, index: number, listingIds: ReadonlySet<string>): UnseenQuery {
  if (!isObject(raw)) throw new UnseenSetError(`queries.json: entry ${index} is not an object`);
  const id = typeof raw.id === 'string' && raw.id !== '' ? raw.id : `#${index}`;
  const where = `queries.json: query ${id}`;
  text(raw, 'id', where);
  const grades: Record<string, Grade> = {};
  if (!isObject(raw.grades)) throw new UnseenSetError(`${where}: 'grades' must be an object of listing id to grade`);
  let best = 0;
  for (const [listingId, grade] of Object.entries(raw.grades)) {
    if (!listingIds.has(listingId)) throw new UnseenSetError(`${where}: grades an unknown listing id '${listingId}'`);
    if (grade !== 0 && grade !== 1 && grade !== 2 && grade !== 3) {
      throw new UnseenSetError(`${where}: listing ${listingId} has grade ${JSON.stringify(grade)}, expected 0, 1, 2 or 3`);
    }
    grades[listingId] = grade;
    best = Math.max(best, grade);
  }
  if (best < 2) throw new UnseenSetError(`${where}: no listing is graded 2 or more`);
  return {
    id,
    type: oneOf(raw, 'type', QUERY_TYPES, where),
    query: text(raw, 'query', where),
    split: oneOf(raw, 'split', SPLITS, where),
    grades,
  };
}

/** Reads and checks catalog.json and queries.json (from `dir`, by default this folder). */
export function loadUnseenSet(dir: string = HERE): UnseenSet {
  const catalog = readJson(path.join(dir, 'catalog.json'));
  if (!Array.isArray(catalog)) throw new UnseenSetError('catalog.json: expected an array of listings');
  const listings = catalog.map(parseListing);
  const listingIds = new Set<string>();
  for (const listing of listings) {
    if (listingIds.has(listing.id)) throw new UnseenSetError(`catalog.json: listing ${listing.id} appears twice`);
    listingIds.add(listing.id);
  }

  const document = readJson(path.join(dir, 'queries.json'));
  if (!isObject(document) || !Array.isArray(document.queries)) {
    throw new UnseenSetError("queries.json: expected an object with a 'queries' array");
  }
  const queries = document.queries.map((raw, index) => parseQuery(raw, index, listingIds));
  const queryIds = new Set<string>();
  for (const query of queries) {
    if (queryIds.has(query.id)) throw new UnseenSetError(`queries.json: query ${query.id} appears twice`);
    queryIds.add(query.id);
  }
  return { listings, queries };
}

/** The grade of a listing for a query: 0 when the query does not grade it. */
export function gradesFor(query: UnseenQuery, listingId: string): Grade {
  return Object.hasOwn(query.grades, listingId) ? (query.grades[listingId] ?? 0) : 0;
}
