-- Issue 11: a name joined to its number in a title ("Mastersizer3000") is one word to the
-- full-text parser, so 'mastersizer 3000' found neither half. New and edited listings carry the
-- name and number written apart in search_terms (apps/api/src/modules/listings/search-terms.ts,
-- joinedNamesApart); this gives the listings that existed before the same words, by the same
-- pattern. search_vector follows (a generated column) and the search copy with it (0023's trigger).
UPDATE "listings" AS l
SET "search_terms" = trim(l."search_terms" || ' ' || apart.words)
FROM (
  SELECT "id", string_agg(m[1] || ' ' || m[2], ' ') AS words
  FROM "listings", regexp_matches("title", '(?<![A-Za-z0-9])([A-Za-z]{3,})([0-9]{2,})(?![A-Za-z0-9])', 'g') AS m
  GROUP BY "id"
) AS apart
WHERE apart."id" = l."id";
