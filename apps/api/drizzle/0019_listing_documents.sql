CREATE TABLE "listing_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"bytes" integer NOT NULL,
	"path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_documents_type_check" CHECK ("listing_documents"."type" in ('service_history', 'calibration_certificate', 'decontamination_certificate', 'manual', 'other')),
	CONSTRAINT "listing_documents_bytes_check" CHECK ("listing_documents"."bytes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "listing_documents" ADD CONSTRAINT "listing_documents_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_documents_listing_idx" ON "listing_documents" USING btree ("listing_id","created_at");