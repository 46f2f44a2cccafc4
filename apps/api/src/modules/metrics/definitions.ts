import { sql } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/database.js';
import type { MetricsRecorder, PaymentOutcome, SearchMode } from './index.js';

/**
 * Every metric the API exposes at /metrics (docs/decisions/024). Label values come only from
 * fixed sets in code — route patterns, methods, status codes, outcome names — never from what
 * a client sent (a raw URL, a query, an id), so the number of series stays bounded.
 */

const PREFIX = 'benchmarket_';

/** Seconds: from a cached page (~1 ms) to a slow search or upload (several seconds). */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds: an indexed lookup takes well under a millisecond on PostgreSQL. */
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];
/** Seconds: the local engine answers in tens of ms; a remote model can take its whole timeout. */
const SEARCH_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8];

export interface AppMetricsDeps {
  database: Database;
}

export interface AppMetrics {
  registry: Registry;
  recorder: MetricsRecorder;
  /** One answered HTTP request (the route's pattern, never its URL). */
  request(labels: { method: string; route: string; status_code: string }, seconds: number): void;
  /** One database query, as timed by the connection pool's clients. */
  query(seconds: number, failed: boolean): void;
}

interface JobQueueState {
  pending: number;
  due: number;
  running: number;
  failed_last_hour: number;
  oldest_due_seconds: number | null;
}

/** One query at scrape time: the jobs table's partial indexes keep it cheap however many jobs are done. */
async function readJobQueue(database: Database): Promise<JobQueueState> {
  type Row = Record<keyof JobQueueState, number | string | null>;
  const result = await database.db.execute<Row>(sql`
    select
      (select count(*) from jobs where status = 'pending') as pending,
      (select count(*) from jobs where status = 'pending' and run_at <= now()) as due,
      (select count(*) from jobs where status = 'running') as running,
      (select count(*) from jobs where status = 'failed' and updated_at > now() - interval '1 hour') as failed_last_hour,
      (select extract(epoch from now() - min(run_at)) from jobs where status = 'pending' and run_at <= now()) as oldest_due_seconds`);
  const row: Partial<Row> = result.rows[0] ?? {};
  const number = (value: number | string | null | undefined) => (value == null ? 0 : Number(value));
  return {
    pending: number(row.pending),
    due: number(row.due),
    running: number(row.running),
    failed_last_hour: number(row.failed_last_hour),
    oldest_due_seconds: row.oldest_due_seconds == null ? null : Math.max(0, Number(row.oldest_due_seconds)),
  };
}

export function createAppMetrics({ database }: AppMetricsDeps): AppMetrics {
  // One registry per app: tests build many apps in one process, and two processes never share one.
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // Every metric carries the prefix and lives in this app's registry.
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new Counter<L>({ name: `${PREFIX}${name}`, help, labelNames, registers: [registry] });
  const histogram = <L extends string>(name: string, help: string, labelNames: readonly L[], buckets: number[]) =>
    new Histogram<L>({ name: `${PREFIX}${name}`, help, labelNames, buckets, registers: [registry] });
  /** A gauge whose value is read at scrape time by `collect`. */
  const gauge = <L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    collect: (this: Gauge<L>) => void | Promise<void>,
  ) => new Gauge<L>({ name: `${PREFIX}${name}`, help, labelNames, registers: [registry], collect });

  const httpRequests = counter(
    'http_requests_total',
    'HTTP requests answered, by route pattern (unmatched: no route), method and status code.',
    ['method', 'route', 'status_code'],
  );
  const httpDuration = histogram(
    'http_request_duration_seconds',
    'Time from receiving a request to sending its answer, by route pattern, method and status code.',
    ['method', 'route', 'status_code'],
    REQUEST_BUCKETS,
  );

  const queryDuration = histogram(
    'db_query_duration_seconds',
    'Database query time as the API sees it (waiting for a pooled connection not included), by result (ok, error).',
    ['result'],
    QUERY_BUCKETS,
  );
  const { pool } = database;
  gauge(
    'db_pool_connections',
    'Connections of the database pool, by state (total, idle, max). Embedded PGlite: one connection to its socket.',
    ['state'],
    function () {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'max' }, pool.options.max ?? 10);
    },
  );
  gauge(
    'db_pool_waiting_requests',
    'Queries waiting for a free connection of the pool (PGlite: waiting for its single session).',
    [],
    function () {
      this.set(pool.waitingCount);
    },
  );
  gauge('db_info', 'The database kind this process uses (always 1).', ['kind'], function () {
    this.set({ kind: database.kind }, 1);
  });

  // The job queue is read from the database once per scrape; every gauge below shows that one read.
  let queueRead: Promise<JobQueueState | undefined> | undefined;
  const readQueueOnce = () =>
    (queueRead ??= readJobQueue(database)
      .catch(() => undefined)
      .finally(() => setImmediate(() => (queueRead = undefined))));
  gauge('db_up', 'Whether the database answered the scrape-time query of the job queue (1) or not (0).', [], async function () {
    this.set((await readQueueOnce()) ? 1 : 0);
  });
  gauge(
    'job_queue_depth',
    'Jobs in the queue by state: pending (all, including those scheduled later), due (pending and due now), running.',
    ['state'],
    async function () {
      const queue = await readQueueOnce();
      if (!queue) return this.reset();
      this.set({ state: 'pending' }, queue.pending);
      this.set({ state: 'due' }, queue.due);
      this.set({ state: 'running' }, queue.running);
    },
  );
  // One number of that read; no value when the database did not answer.
  const queueGauge = (name: string, help: string, valueOf: (queue: JobQueueState) => number) =>
    gauge(name, help, [], async function () {
      const queue = await readQueueOnce();
      if (!queue) return this.reset();
      this.set(valueOf(queue));
    });
  queueGauge(
    'job_queue_oldest_due_age_seconds',
    'How long the oldest due pending job has waited past its run time (0: none waiting).',
    (queue) => queue.oldest_due_seconds ?? 0,
  );
  queueGauge('jobs_failed_last_hour', 'Jobs that gave up (last attempt failed) in the past hour.', (queue) => queue.failed_last_hour);

  const mail = counter(
    'mail_total',
    'Mail sending attempts by result: sent (accepted by the SMTP server or written to the outbox), failed (retried later).',
    ['result'],
  );
  const payments = counter(
    'payments_total',
    'Payments reaching a settled state: completed, failed (declined), refused (paid for something that no longer applies: refund due), ' +
      'refunded, partially_refunded; refund_failed counts failed attempts of the refund job.',
    ['outcome'],
  );
  const searchDuration = histogram(
    'search_duration_seconds',
    'Time the search engine took for one page, by mode (plain, ai); pages served from memory are not included.',
    ['mode'],
    SEARCH_BUCKETS,
  );
  const searchCache = counter('search_cache_requests_total', 'Search pages looked up in the in-memory page cache, by result (hit, miss).', [
    'result',
  ]);
  // Series that exist from the start, so a rate() is 0 rather than absent before the first event.
  for (const result of ['sent', 'failed']) mail.inc({ result }, 0);
  for (const outcome of ['completed', 'failed', 'refused', 'refunded', 'partially_refunded', 'refund_failed'] satisfies PaymentOutcome[]) {
    payments.inc({ outcome }, 0);
  }
  for (const result of ['hit', 'miss']) searchCache.inc({ result }, 0);

  const recorder: MetricsRecorder = {
    mail: {
      sent: () => mail.inc({ result: 'sent' }),
      failed: () => mail.inc({ result: 'failed' }),
    },
    payment: (outcome: PaymentOutcome) => payments.inc({ outcome }),
    search: {
      observe: (mode: SearchMode, seconds: number) => searchDuration.observe({ mode }, seconds),
      cacheHit: () => searchCache.inc({ result: 'hit' }),
      cacheMiss: () => searchCache.inc({ result: 'miss' }),
    },
  };

  return {
    registry,
    recorder,
    request(labels, seconds) {
      httpRequests.inc(labels);
      httpDuration.observe(labels, seconds);
    },
    query(seconds, failed) {
      queryDuration.observe({ result: failed ? 'error' : 'ok' }, seconds);
    },
  };
}
