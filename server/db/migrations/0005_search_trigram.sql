-- Trigram indexes for the project search's `lower(…) like '%…%'`; the expressions are the search's own.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "project_units_title_trgm_idx" ON "project_units" USING gin (lower("title") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "project_units_number_trgm_idx" ON "project_units" USING gin (lower("number") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "project_units_order_number_trgm_idx" ON "project_units" USING gin (lower(substring("data" from '(?:^|;)\s*OrderNumber\s*=\s*([^;]*)')) gin_trgm_ops);
