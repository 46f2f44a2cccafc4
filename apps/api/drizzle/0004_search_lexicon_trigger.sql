-- The search lexicon (issue: search): every word of a listing's title and search terms, as
-- typed (the 'simple' configuration: lower case, no stemming), for typo tolerance with
-- pg_trgm. A trigger keeps it, so every way a listing is written (API, seed, bulk load)
-- feeds it. drizzle-kit writes no functions or triggers, hence this custom migration.
CREATE OR REPLACE FUNCTION search_words_from_listing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w.lexeme
  FROM unnest(to_tsvector('simple', coalesce(NEW.title, '') || ' ' || coalesce(NEW.search_terms, ''))) AS w
  WHERE length(w.lexeme) BETWEEN 3 AND 40 AND w.lexeme ~ '[a-z]'
  ON CONFLICT (word) DO NOTHING;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER listings_search_words
AFTER INSERT OR UPDATE OF title, search_terms ON listings
FOR EACH ROW EXECUTE FUNCTION search_words_from_listing();
--> statement-breakpoint
INSERT INTO search_words (word)
SELECT DISTINCT w.lexeme
FROM listings, unnest(to_tsvector('simple', coalesce(listings.title, '') || ' ' || coalesce(listings.search_terms, ''))) AS w
WHERE length(w.lexeme) BETWEEN 3 AND 40 AND w.lexeme ~ '[a-z]'
ON CONFLICT (word) DO NOTHING;
