CREATE TABLE "search_catalog" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "search_catalog_single_row" CHECK ("search_catalog"."id" = 1)
);
--> statement-breakpoint
-- Search pages are cached in memory per API process under this version (issue: search,
-- latency). Every statement that writes listings or their photos moves it forward in the
-- same transaction, however it writes (API, worker, seed, bulk load). Statement-level, so a
-- bulk load costs one update. drizzle-kit writes no triggers, hence the hand-written part.
INSERT INTO search_catalog (id, version) VALUES (1, 0) ON CONFLICT (id) DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE search_catalog SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER listings_search_catalog_changed
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON listings
FOR EACH STATEMENT EXECUTE FUNCTION search_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER listing_photos_search_catalog_changed
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON listing_photos
FOR EACH STATEMENT EXECUTE FUNCTION search_catalog_changed();
