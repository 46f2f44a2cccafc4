-- Issue 12 (hardening), payments and jobs.
-- One open payment per listing: parallel 'Pay' clicks all answer the same payment and intent.
-- Older duplicates left by the race this closes are superseded (failed); if one of them is paid
-- after all, it completes or is flagged for a refund as any late payment is.
UPDATE "payments" AS p SET "status" = 'failed',
	"failure_reason" = 'superseded by a newer payment of this listing',
	"updated_at" = now()
WHERE p."status" = 'pending' AND EXISTS (
	SELECT 1 FROM "payments" AS q
	WHERE q."listing_id" = p."listing_id" AND q."status" = 'pending'
		AND (q."created_at", q."id") > (p."created_at", p."id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "payments_one_open_per_listing_key" ON "payments" USING btree ("listing_id") WHERE "payments"."status" = 'pending';
--> statement-breakpoint
-- The key sent to the provider with the intent's creation: one per listing and attempt.
ALTER TABLE "payments" ADD COLUMN IF NOT EXISTS "idempotency_key" text;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "payments_idempotency_key_key" ON "payments" USING btree ("idempotency_key");
--> statement-breakpoint
-- Refunds: a paid payment that could not be applied is refunded by the worker.
ALTER TABLE "payments" ADD COLUMN IF NOT EXISTS "refund_due_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN IF NOT EXISTS "refunded_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN IF NOT EXISTS "provider_refund_id" text;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN IF NOT EXISTS "refund_attempts" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN IF NOT EXISTS "refund_next_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN IF NOT EXISTS "refund_error" text;
--> statement-breakpoint
-- Payments flagged 'refund due' before this migration are refunded too.
UPDATE "payments" SET "refund_due_at" = "updated_at"
WHERE "status" = 'failed' AND "failure_reason" LIKE '%refund due%' AND "refund_due_at" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payments_refund_due_idx" ON "payments" USING btree ("refund_next_at") WHERE "payments"."refund_due_at" IS NOT NULL AND "payments"."refunded_at" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payments_pending_created_idx" ON "payments" USING btree ("created_at") WHERE "payments"."status" = 'pending';
--> statement-breakpoint
-- The sandbox provider honours idempotency keys and refunds as Stripe does.
ALTER TABLE "sandbox_payment_intents" ADD COLUMN IF NOT EXISTS "idempotency_key" text;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "sandbox_payment_intents_idempotency_key_key" ON "sandbox_payment_intents" USING btree ("idempotency_key");
--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN IF NOT EXISTS "refund_id" text;
--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN IF NOT EXISTS "refunded_at" timestamp with time zone;
--> statement-breakpoint
-- Retention: the clean-up job deletes finished jobs, expired counters, old AI answers and
-- used or expired one-time tokens in bounded batches; these indexes find them.
CREATE INDEX IF NOT EXISTS "jobs_finished_idx" ON "jobs" USING btree ("updated_at") WHERE "jobs"."status" in ('done', 'failed');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rate_limit_counters_reset_at_idx" ON "rate_limit_counters" USING btree ("reset_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ai_cache_created_at_idx" ON "ai_cache" USING btree ("created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "one_time_tokens_expires_at_idx" ON "one_time_tokens" USING btree ("expires_at");
--> statement-breakpoint
-- Mail jobs already sent keep only their recipient and subject: a sent reset or verification
-- link must not stay readable in the database.
UPDATE "jobs" SET "payload" = jsonb_build_object('to', "payload"->'to', 'subject', "payload"->'subject', 'scrubbed', true)
WHERE "kind" = 'mail.send' AND "status" in ('done', 'failed');
