-- Issue 19: each API process follows the catalog version instead of reading it for every kept
-- answer (apps/api/src/db/catalog-version.ts). Every bump tells listeners the new version;
-- PostgreSQL delivers it when the change commits, in commit order (the one row is updated under
-- its lock), and never to a transaction that rolls back.
CREATE OR REPLACE FUNCTION bump_search_catalog() RETURNS void LANGUAGE sql AS $$
  WITH bumped AS (
    INSERT INTO search_catalog (id, version) VALUES (1, 1)
    ON CONFLICT (id) DO UPDATE SET version = search_catalog.version + 1
    RETURNING version
  )
  SELECT pg_notify('search_catalog', version::text) FROM bumped;
$$;
--> statement-breakpoint
-- Pages are now kept whole by catalog version, their heads too (apps/api/src/web/kept-pages.ts):
-- a seller's page describes the seller by their "about" text, so it moves the version as the
-- name and country do (0024).
CREATE OR REPLACE FUNCTION search_catalog_sellers_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM new_rows n JOIN old_rows o ON o.user_id = n.user_id
    WHERE (n.display_name, n.country, n.about) IS DISTINCT FROM (o.display_name, o.country, o.about)
  ) THEN
    PERFORM bump_search_catalog();
  END IF;
  RETURN NULL;
END;
$$;
