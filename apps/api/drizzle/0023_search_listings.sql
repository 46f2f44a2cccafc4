CREATE TABLE "search_listings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"price_cents" bigint NOT NULL,
	"condition" text NOT NULL,
	"location" text,
	"category" text,
	"manufacturer" text,
	"year_of_manufacture" integer,
	"warranty" text,
	"shipping" text,
	"is_active" boolean NOT NULL,
	"payment_status" text NOT NULL,
	"is_deleted" boolean NOT NULL,
	"expiry_date" timestamp with time zone,
	"featured_until" timestamp with time zone,
	"went_live_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"search_vector" "tsvector"
);
--> statement-breakpoint
-- Issue 19: search_listings holds exactly the live listings (active, paid, not removed; expiry
-- is tested at search time) with the columns candidate selection reads. A row trigger keeps
-- it in the transaction of every write to listings, whoever writes (API, worker, seed,
-- another process); a write that changes nothing search reads (an embedding, the meaning
-- vector, an expiry reminder, the search revision) leaves it alone.
CREATE OR REPLACE FUNCTION search_listings_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_listings WHERE id = OLD.id;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.id IS DISTINCT FROM NEW.id THEN
    DELETE FROM search_listings WHERE id = OLD.id;
  END IF;
  IF NEW.is_active AND NEW.payment_status = 'paid' AND NOT NEW.is_deleted THEN
    IF TG_OP = 'UPDATE' AND OLD.id = NEW.id AND OLD.is_active AND OLD.payment_status = 'paid' AND NOT OLD.is_deleted
       AND (NEW.title, NEW.price_cents, NEW.condition, NEW.location, NEW.category, NEW.manufacturer, NEW.year_of_manufacture,
            NEW.warranty, NEW.shipping, NEW.expiry_date, NEW.featured_until, NEW.went_live_at, NEW.created_at, NEW.search_vector)
         IS NOT DISTINCT FROM
           (OLD.title, OLD.price_cents, OLD.condition, OLD.location, OLD.category, OLD.manufacturer, OLD.year_of_manufacture,
            OLD.warranty, OLD.shipping, OLD.expiry_date, OLD.featured_until, OLD.went_live_at, OLD.created_at, OLD.search_vector)
       AND EXISTS (SELECT 1 FROM search_listings WHERE id = NEW.id) THEN
      RETURN NULL;
    END IF;
    INSERT INTO search_listings (id, title, price_cents, condition, location, category, manufacturer, year_of_manufacture,
      warranty, shipping, is_active, payment_status, is_deleted, expiry_date, featured_until, went_live_at, created_at, search_vector)
    VALUES (NEW.id, NEW.title, NEW.price_cents, NEW.condition, NEW.location, NEW.category, NEW.manufacturer, NEW.year_of_manufacture,
      NEW.warranty, NEW.shipping, NEW.is_active, NEW.payment_status, NEW.is_deleted, NEW.expiry_date, NEW.featured_until,
      NEW.went_live_at, NEW.created_at, NEW.search_vector)
    ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, price_cents = EXCLUDED.price_cents, condition = EXCLUDED.condition,
      location = EXCLUDED.location, category = EXCLUDED.category, manufacturer = EXCLUDED.manufacturer,
      year_of_manufacture = EXCLUDED.year_of_manufacture, warranty = EXCLUDED.warranty, shipping = EXCLUDED.shipping,
      is_active = EXCLUDED.is_active, payment_status = EXCLUDED.payment_status, is_deleted = EXCLUDED.is_deleted,
      expiry_date = EXCLUDED.expiry_date, featured_until = EXCLUDED.featured_until, went_live_at = EXCLUDED.went_live_at,
      created_at = EXCLUDED.created_at, search_vector = EXCLUDED.search_vector;
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM search_listings WHERE id = NEW.id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS listings_search_listings_sync ON listings;
--> statement-breakpoint
CREATE TRIGGER listings_search_listings_sync AFTER INSERT OR UPDATE OR DELETE ON listings
FOR EACH ROW EXECUTE FUNCTION search_listings_sync();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_listings_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE search_listings;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS listings_search_listings_truncated ON listings;
--> statement-breakpoint
CREATE TRIGGER listings_search_listings_truncated AFTER TRUNCATE ON listings
FOR EACH STATEMENT EXECUTE FUNCTION search_listings_truncated();
--> statement-breakpoint
INSERT INTO search_listings (id, title, price_cents, condition, location, category, manufacturer, year_of_manufacture,
  warranty, shipping, is_active, payment_status, is_deleted, expiry_date, featured_until, went_live_at, created_at, search_vector)
SELECT id, title, price_cents, condition, location, category, manufacturer, year_of_manufacture,
  warranty, shipping, is_active, payment_status, is_deleted, expiry_date, featured_until, went_live_at, created_at, search_vector
FROM listings WHERE is_active AND payment_status = 'paid' AND NOT is_deleted
ON CONFLICT (id) DO NOTHING;
--> statement-breakpoint
-- The full-text index is built after the copy (one build instead of an insert per row).
CREATE INDEX "search_listings_search_vector_idx" ON "search_listings" USING gin ("search_vector");
--> statement-breakpoint
ANALYZE search_listings;
