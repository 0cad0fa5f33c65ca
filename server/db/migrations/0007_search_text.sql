ALTER TABLE "project_units" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(number || ' ' || title || ' ' || coalesce(substring(data from '(?:^|;)\s*OrderNumber\s*=\s*([^;]*)'), ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "project_units_search_text_trgm_idx" ON "project_units" USING gin ("search_text" gin_trgm_ops);
