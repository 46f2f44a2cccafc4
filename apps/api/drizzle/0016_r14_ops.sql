-- Issue 14 (refunds): the sandbox payment provider refunds in part as well as in full, like
-- Stripe's Refunds API, so each of its refunds is a row (with its idempotency key).
CREATE TABLE "sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"intent_id" text NOT NULL,
	"amount" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_refunds_amount_check" CHECK ("sandbox_refunds"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD CONSTRAINT "sandbox_refunds_intent_id_sandbox_payment_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."sandbox_payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_refunds_idempotency_key_key" ON "sandbox_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "sandbox_refunds_intent_idx" ON "sandbox_refunds" USING btree ("intent_id");
--> statement-breakpoint
-- The sandbox's refunds made before this migration were always of the whole amount.
INSERT INTO "sandbox_refunds" ("id", "intent_id", "amount", "idempotency_key", "created_at")
  SELECT "refund_id", "id", "amount", 'migrated-' || "refund_id", coalesce("refunded_at", now())
  FROM "sandbox_payment_intents" WHERE "refund_id" IS NOT NULL AND "amount" > 0;
