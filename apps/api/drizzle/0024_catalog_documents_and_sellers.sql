-- A listing's answer shows its documents and its seller's public name (display name, else
-- the country), and search pages show that name too. Answers are kept by catalog version
-- (search pages, decision 006; a visitor's listing and the latest listings, decision 031),
-- so changes to either move the version, as listing and photo changes do (0008).
CREATE TRIGGER listing_documents_search_catalog_inserted AFTER INSERT ON listing_documents
REFERENCING NEW TABLE AS changed_rows
FOR EACH STATEMENT EXECUTE FUNCTION search_catalog_rows_added_or_removed();
--> statement-breakpoint
CREATE TRIGGER listing_documents_search_catalog_deleted AFTER DELETE ON listing_documents
REFERENCING OLD TABLE AS changed_rows
FOR EACH STATEMENT EXECUTE FUNCTION search_catalog_rows_added_or_removed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_catalog_documents_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.listing_id, n.type, n.title, n.bytes, n.created_at) IS DISTINCT FROM (o.listing_id, o.type, o.title, o.bytes, o.created_at)
  ) THEN
    PERFORM bump_search_catalog();
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER listing_documents_search_catalog_updated AFTER UPDATE ON listing_documents
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION search_catalog_documents_updated();
--> statement-breakpoint
CREATE TRIGGER seller_profiles_search_catalog_inserted AFTER INSERT ON seller_profiles
REFERENCING NEW TABLE AS changed_rows
FOR EACH STATEMENT EXECUTE FUNCTION search_catalog_rows_added_or_removed();
--> statement-breakpoint
CREATE TRIGGER seller_profiles_search_catalog_deleted AFTER DELETE ON seller_profiles
REFERENCING OLD TABLE AS changed_rows
FOR EACH STATEMENT EXECUTE FUNCTION search_catalog_rows_added_or_removed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_catalog_sellers_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM new_rows n JOIN old_rows o ON o.user_id = n.user_id
    WHERE (n.display_name, n.country) IS DISTINCT FROM (o.display_name, o.country)
  ) THEN
    PERFORM bump_search_catalog();
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER seller_profiles_search_catalog_updated AFTER UPDATE ON seller_profiles
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION search_catalog_sellers_updated();
