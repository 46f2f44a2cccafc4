/**
 * What other modules record (docs/decisions/024). They call these small functions on
 * `app.metrics` and never import prom-client: the metrics module owns the names, labels and
 * buckets, and a module's code reads as what happened ("a mail was sent"), not as telemetry.
 */

/** What became of a payment: each settled state once, when the payment reaches it. */
export type PaymentOutcome = 'completed' | 'failed' | 'refused' | 'refunded' | 'partially_refunded' | 'refund_failed';

export type SearchMode = 'plain' | 'ai';

export interface MetricsRecorder {
  mail: {
    /** The transport accepted a mail (SMTP server, or the outbox file written). */
    sent(): void;
    /** One sending attempt failed (the job is retried, or gives up after its last attempt). */
    failed(): void;
  };
  payment(outcome: PaymentOutcome): void;
  search: {
    /** How long the search engine took for one page (not counting pages served from memory). */
    observe(mode: SearchMode, seconds: number): void;
    cacheHit(): void;
    cacheMiss(): void;
  };
}
