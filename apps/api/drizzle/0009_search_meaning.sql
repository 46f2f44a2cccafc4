CREATE SEQUENCE "public"."listings_search_rev_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "meaning" real[];--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "meaning_model" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "search_rev" bigint DEFAULT nextval('listings_search_rev_seq') NOT NULL;--> statement-breakpoint
CREATE INDEX "listings_search_rev_idx" ON "listings" USING btree ("search_rev");--> statement-breakpoint
-- Every write of a listing moves its revision forward, whoever writes (API, worker, seed,
-- another process): search's in-memory vector index reads the rows past the last revision
-- it has seen. drizzle-kit writes no triggers, hence the hand-written part.
CREATE OR REPLACE FUNCTION listings_next_search_rev() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_rev := nextval('listings_search_rev_seq');
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER listings_search_rev BEFORE UPDATE ON listings
FOR EACH ROW EXECUTE FUNCTION listings_next_search_rev();
--> statement-breakpoint
-- The catalog version (0008) also moves when a listing's meaning changes: AI search finds
-- listings by it, and its pages are cached under the version.
CREATE OR REPLACE FUNCTION search_catalog_listings_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.user_id, n.title, n.description, n.price_cents, n.condition, n.location, n.location_code,
           n.category, n.search_terms, n.is_verified, n.verification_status, n.verification_notes,
           n.is_deleted, n.is_active, n.payment_status, n.expiry_date, n.duration_months, n.created_at, n.updated_at,
           n.meaning)
      IS DISTINCT FROM
          (o.user_id, o.title, o.description, o.price_cents, o.condition, o.location, o.location_code,
           o.category, o.search_terms, o.is_verified, o.verification_status, o.verification_notes,
           o.is_deleted, o.is_active, o.payment_status, o.expiry_date, o.duration_months, o.created_at, o.updated_at,
           o.meaning)
  ) THEN
    PERFORM bump_search_catalog();
  END IF;
  RETURN NULL;
END;
$$;
