import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import type { PhotoStorage } from './port.js';

/**
 * The sweep of stored files no row names, for any module that stores files before the
 * transaction that adds their rows and deletes them after the commit that removes them (photos,
 * documents): a crash between the two leaves a file with no row. A file is an orphan when it is
 * older than the grace period and the module's `referenced` does not name it; keys are random
 * and never reused, so an old file cannot gain a row. The module keeps its own table: this
 * only lists, asks and removes files.
 */

/** A pass over every file starts when the worker starts (after a crash, at once) and then every hour. */
const PASS_EVERY_MS = 60 * 60_000;
/**
 * A pass goes in rounds of at most this many files, one a minute: the worker does its jobs
 * (mail) between rounds, so a large store never holds them up for long.
 */
const ROUND_FILES = 2000;
const ROUND_EVERY_MS = 60_000;
/** Keys looked up in the database per query. */
const BATCH = 500;

/** What a sweep needs besides the module's own table. */
export interface OrphanSweepDependencies {
  storage: PhotoStorage;
  clock: Clock;
  log: FastifyBaseLogger;
}

/** The app's job worker (jobs/), as far as a sweep uses it. */
export interface PeriodicWorker {
  every(name: string, everyMs: number, task: () => Promise<void>): void;
}

interface UnreferencedFiles extends OrphanSweepDependencies {
  /** The folder swept, like `listings/`. */
  prefix: string;
  /** What the files are, for the log ('photo': 'could not remove an orphan photo file'). */
  fileKind: string;
  /** Far longer than any upload takes from writing its files to committing its rows. */
  graceMs: number;
  /** Of these keys, those a row still names. */
  referenced(keys: string[]): Promise<Set<string>>;
}

export interface OrphanSweepResult {
  /** Files old enough to be judged. */
  checked: number;
  /** Keys of the files removed. */
  removed: string[];
  /** With a `limit` that was reached: the last key listed (the next round starts after it). */
  next?: string;
}

export interface OrphanSweepRound {
  /** Go on after this key (an earlier round's `next`). */
  startAfter?: string;
  /** List at most this many files. */
  limit?: number;
}

/** Removes the files under `files.prefix` older than the grace period that no row names. */
async function sweepUnreferencedFiles(files: UnreferencedFiles, round: OrphanSweepRound = {}): Promise<OrphanSweepResult> {
  const cutoff = files.clock.now().getTime() - files.graceMs;
  const result: OrphanSweepResult = { checked: 0, removed: [] };
  let listed = 0;
  let batch: string[] = [];
  const judge = async (): Promise<void> => {
    const keys = batch;
    batch = [];
    if (keys.length === 0) return;
    result.checked += keys.length;
    const referenced = await files.referenced(keys);
    for (const key of keys) {
      if (referenced.has(key)) continue;
      try {
        await files.storage.remove(key);
        result.removed.push(key);
      } catch (error) {
        files.log.warn({ err: error, key }, `could not remove an orphan ${files.fileKind} file`);
      }
    }
  };
  for await (const object of files.storage.list(files.prefix, round.startAfter)) {
    listed += 1;
    if (object.modifiedAt.getTime() <= cutoff) batch.push(object.key);
    if (batch.length >= BATCH) await judge();
    if (round.limit !== undefined && listed >= round.limit) {
      result.next = object.key;
      break;
    }
  }
  await judge();
  return result;
}

/** Registers a sweep as a periodic task of the app's job worker: a pass at start, then hourly, in rounds. */
function registerOrphanSweepRounds(
  worker: PeriodicWorker,
  name: string,
  clock: Clock,
  sweep: (round: OrphanSweepRound) => Promise<OrphanSweepResult>,
): void {
  let cursor: string | undefined;
  let passStartedAt = Number.NEGATIVE_INFINITY;
  worker.every(name, ROUND_EVERY_MS, async () => {
    const now = clock.now().getTime();
    if (cursor === undefined) {
      if (now - passStartedAt < PASS_EVERY_MS) return;
      passStartedAt = now;
    }
    const round = await sweep({ startAfter: cursor, limit: ROUND_FILES });
    cursor = round.next;
  });
}

/** A module's sweep: its folder, what its files are, and which keys its table still names. */
export interface OrphanSweepDefinition<Deps extends OrphanSweepDependencies> {
  /** The periodic task's name, like `photos.orphan-sweep`. */
  task: string;
  prefix: string;
  fileKind: string;
  /** Far longer than any upload takes from writing its files to committing its rows. */
  graceMs: number;
  referenced(deps: Deps, keys: string[]): Promise<Set<string>>;
}

export interface OrphanSweep<Deps extends OrphanSweepDependencies> {
  /** One pass (or one round of it, with `limit`); `graceMs` overrides the module's. */
  sweep(deps: Deps, options?: OrphanSweepRound & { graceMs?: number }): Promise<OrphanSweepResult>;
  /** Runs the sweep on the app's job worker: a pass at start, then hourly, in rounds. */
  register(worker: PeriodicWorker, deps: Deps): void;
}

/** The sweep and its registration for one module's files, logged the same way for every module. */
export function defineOrphanSweep<Deps extends OrphanSweepDependencies>(definition: OrphanSweepDefinition<Deps>): OrphanSweep<Deps> {
  const sweep: OrphanSweep<Deps>['sweep'] = async (deps, options = {}) => {
    const files: UnreferencedFiles = {
      ...deps,
      prefix: definition.prefix,
      fileKind: definition.fileKind,
      graceMs: options.graceMs ?? definition.graceMs,
      referenced: (keys) => definition.referenced(deps, keys),
    };
    const result = await sweepUnreferencedFiles(files, options);
    if (result.removed.length > 0) {
      deps.log.info({ removed: result.removed.length, checked: result.checked }, `removed ${definition.fileKind} files no listing uses`);
    }
    return result;
  };
  return {
    sweep,
    register: (worker, deps) => registerOrphanSweepRounds(worker, definition.task, deps.clock, (round) => sweep(deps, round)),
  };
}
