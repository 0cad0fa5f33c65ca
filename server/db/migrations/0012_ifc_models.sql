CREATE TABLE "ifc_models" (
	"hash" varchar(64) PRIMARY KEY NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"error_key" varchar(40),
	"error_reason" varchar(80),
	"model" jsonb,
	"bounds" jsonb,
	"geometry_key" varchar(200),
	"wall_count" integer DEFAULT 0 NOT NULL,
	"parse_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ifc_models_status_check" CHECK ("ifc_models"."status" in ('pending', 'ready', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "project_files" ADD COLUMN "content_hash" varchar(64);