ALTER TABLE "listings" ADD COLUMN "manufacturer" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "model" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "year_of_manufacture" integer;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "hours_of_use" integer;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "serial_number" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "warranty" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "shipping" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "lead_time_days" integer;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "included_accessories" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "device_class" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "fda_510k_number" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "ce_marking" boolean;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "sale_restriction" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "decontamination_status" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "decontamination_date" date;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "licensed_professional_confirmed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "listings_manufacturer_idx" ON "listings" USING btree (lower("manufacturer"));--> statement-breakpoint
CREATE INDEX "listings_year_of_manufacture_idx" ON "listings" USING btree ("year_of_manufacture");