-- Issue 19: each API process follows the catalog version instead of reading it for every kept
-- answer (modules/search/catalog-version.ts). Every bump tells listeners the new version;
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
