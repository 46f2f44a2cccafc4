-- A slash joins words into one path-like token for the full-text parser ("Defibrillator/Monitor" was
-- neither word): titles and descriptions are read with slashes as spaces (issue 11).
ALTER TABLE "listings" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', translate(coalesce(title, ''), '/', ' ')), 'A') || setweight(to_tsvector('english', coalesce(search_terms, '')), 'B') || setweight(to_tsvector('english', translate(coalesce(description, ''), '/', ' ')), 'C')) STORED;--> statement-breakpoint
-- Dropping the column dropped its index and its storage setting (0010): both again.
ALTER TABLE "listings" ALTER COLUMN "search_vector" SET STORAGE MAIN;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "listings_search_vector_idx" ON "listings" USING gin ("search_vector");
