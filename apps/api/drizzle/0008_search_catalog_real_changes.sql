-- The catalog version (0007) moves only when what search can return changed. Statement
-- triggers fire for statements that change nothing too — the minute-by-minute expiry sweep,
-- a reminder marked as sent, an embedding stored — and each of those threw away every API
-- process's cached search pages. Transition tables show the rows a statement really touched.
-- The version row is upserted, so a missing row can never leave pages valid forever.
DROP TRIGGER IF EXISTS listings_search_catalog_changed ON listings;
--> statement-breakpoint
DROP TRIGGER IF EXISTS listing_photos_search_catalog_changed ON listing_photos;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_search_catalog() RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_catalog (id, version) VALUES (1, 1)
  ON CONFLICT (id) DO UPDATE SET version = search_catalog.version + 1;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_catalog_rows_added_or_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows) THEN
    PERFORM bump_search_catalog();
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Every column a search answer shows, filters by or keys explanations by (updated_at is in
-- rag_response_key); not embedding (only a remote model's ranking uses it, and those searches
-- are not cached) nor expiry_reminder_sent_at.
CREATE OR REPLACE FUNCTION search_catalog_listings_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.user_id, n.title, n.description, n.price_cents, n.condition, n.location, n.location_code,
           n.category, n.search_terms, n.is_verified, n.verification_status, n.verification_notes,
           n.is_deleted, n.is_active, n.payment_status, n.expiry_date, n.duration_months, n.created_at, n.updated_at)
      IS DISTINCT FROM
          (o.user_id, o.title, o.description, o.price_cents, o.condition, o.location, o.location_code,
           o.category, o.search_terms, o.is_verified, o.verification_status, o.verification_notes,
           o.is_deleted, o.is_active, o.payment_status, o.expiry_date, o.duration_months, o.created_at, o.updated_at)
  ) THEN
    PERFORM bump_search_catalog();
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_catalog_photos_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n IS DISTINCT FROM o) THEN
    PERFORM bump_search_catalog();
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER listings_search_catalog_inserted AFTER INSERT ON listings
REFERENCING NEW TABLE AS changed_rows
FOR EACH STATEMENT EXECUTE FUNCTION search_catalog_rows_added_or_removed();
--> statement-breakpoint
CREATE TRIGGER listings_search_catalog_deleted AFTER DELETE ON listings
REFERENCING OLD TABLE AS changed_rows
FOR EACH STATEMENT EXECUTE FUNCTION search_catalog_rows_added_or_removed();
--> statement-breakpoint
CREATE TRIGGER listings_search_catalog_updated AFTER UPDATE ON listings
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION search_catalog_listings_updated();
--> statement-breakpoint
CREATE TRIGGER listings_search_catalog_truncated AFTER TRUNCATE ON listings
FOR EACH STATEMENT EXECUTE FUNCTION search_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER listing_photos_search_catalog_inserted AFTER INSERT ON listing_photos
REFERENCING NEW TABLE AS changed_rows
FOR EACH STATEMENT EXECUTE FUNCTION search_catalog_rows_added_or_removed();
--> statement-breakpoint
CREATE TRIGGER listing_photos_search_catalog_deleted AFTER DELETE ON listing_photos
REFERENCING OLD TABLE AS changed_rows
FOR EACH STATEMENT EXECUTE FUNCTION search_catalog_rows_added_or_removed();
--> statement-breakpoint
CREATE TRIGGER listing_photos_search_catalog_updated AFTER UPDATE ON listing_photos
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION search_catalog_photos_updated();
--> statement-breakpoint
CREATE TRIGGER listing_photos_search_catalog_truncated AFTER TRUNCATE ON listing_photos
FOR EACH STATEMENT EXECUTE FUNCTION search_catalog_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_search_catalog();
  RETURN NULL;
END;
$$;
