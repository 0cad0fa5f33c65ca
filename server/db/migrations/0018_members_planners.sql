ALTER TABLE "users" ADD COLUMN "is_project_planner" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "project_unit_journal" ADD COLUMN "details" jsonb;