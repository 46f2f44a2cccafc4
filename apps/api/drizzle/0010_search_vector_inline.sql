-- Keep the full-text vector in the row (issue 11, measured at 100,000 listings). The meaning
-- vector (0009) made rows longer than PostgreSQL's 2 kB TOAST threshold, so search_vector —
-- the largest compressible column — was moved out of line and every match test of plain
-- search fetched it from the TOAST table (5× the database time). MAIN storage keeps it
-- inline (compressed) unless a row cannot fit a page any other way; the description and the
-- meaning vector go out of line first. Applies to rows written from now on; an existing
-- large table takes it on its next rewrite (VACUUM FULL, or reloading).
ALTER TABLE "listings" ALTER COLUMN "search_vector" SET STORAGE MAIN;
