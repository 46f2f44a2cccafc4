-- Covering indexes for search (issue: search; docs/performance.md). drizzle-kit cannot declare
-- INCLUDE columns, hence this custom migration. Both are partial on the storefront (active,
-- paid, not removed), like listings_storefront_idx.
--
-- Newest first with a stable tie-break: browsing (search without words, /listings/latest)
-- walks it and stops after a page; the total is counted from it without reading the table
-- (index-only: expiry and the filter columns are in the index).
CREATE INDEX IF NOT EXISTS "listings_search_recent_idx" ON "listings" USING btree ("created_at" DESC, "id" DESC)
  INCLUDE ("expiry_date", "condition", "price_cents", "location")
  WHERE "is_active" AND "payment_status" = 'paid' AND NOT "is_deleted";
--> statement-breakpoint
-- The listings of an equipment family with everything the first ranking stage of AI search
-- reads (condition, price, country, title): an index-only scan, no table rows.
CREATE INDEX IF NOT EXISTS "listings_search_family_idx" ON "listings" USING btree ("category", "created_at" DESC, "id" DESC)
  INCLUDE ("expiry_date", "condition", "price_cents", "location", "title")
  WHERE "is_active" AND "payment_status" = 'paid' AND NOT "is_deleted";
