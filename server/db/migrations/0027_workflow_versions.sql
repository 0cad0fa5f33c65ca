-- hand-written (issue 35): workflow definition versions are drafted, then published. Exactly one row is in
-- force (status 'published'); earlier published rows are 'retired'; drafts are edited freely (revision counts
-- their saves). `layout` holds the positions a configurer pinned in the diagram editor, beside the definition.
ALTER TABLE "workflow_definitions" ADD COLUMN "status" varchar(20) DEFAULT 'published' NOT NULL;
--> statement-breakpoint
ALTER TABLE "workflow_definitions" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "workflow_definitions" ADD COLUMN "based_on" integer;
--> statement-breakpoint
ALTER TABLE "workflow_definitions" ADD COLUMN "layout" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "workflow_definitions" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
ALTER TABLE "workflow_definitions" ADD COLUMN "published_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "workflow_definitions" ADD COLUMN "published_by" integer REFERENCES "users"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "workflow_definitions" ADD CONSTRAINT "workflow_definitions_status_check" CHECK ("status" in ('draft', 'published', 'retired'));
--> statement-breakpoint
-- Saved versions so far were in force when saved: the newest stays in force, the older ones are retired.
UPDATE "workflow_definitions" SET "published_at" = "created_at", "published_by" = "created_by",
  "status" = CASE WHEN "version" = (SELECT max("version") FROM "workflow_definitions") THEN 'published' ELSE 'retired' END;
--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_definitions_one_in_force" ON "workflow_definitions" ((true)) WHERE "status" = 'published';
