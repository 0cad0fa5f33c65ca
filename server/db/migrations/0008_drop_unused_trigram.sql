-- The search matches the stored search_text column (0007); these per-column indexes are no longer used.
DROP INDEX IF EXISTS "project_units_title_trgm_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "project_units_number_trgm_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "project_units_order_number_trgm_idx";
