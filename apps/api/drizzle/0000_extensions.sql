-- Extensions the schema needs before its indexes. drizzle-kit writes no CREATE EXTENSION,
-- so they live in this custom migration (ARCHITECTURE: Data).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
