CREATE TABLE "questionnaire_sheets" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(80) NOT NULL,
	"version" integer NOT NULL,
	"status" varchar(10) DEFAULT 'draft' NOT NULL,
	"title" varchar(200) DEFAULT '' NOT NULL,
	"schema" json NOT NULL,
	"ui_schema" json DEFAULT '{}'::json NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "questionnaire_sheets_status_check" CHECK ("questionnaire_sheets"."status" in ('draft', 'published')),
	CONSTRAINT "questionnaire_sheets_version_check" CHECK ("questionnaire_sheets"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "default_country" varchar(2) DEFAULT 'de' NOT NULL;--> statement-breakpoint
ALTER TABLE "questionnaire_answers" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "questionnaire_sheets" ADD CONSTRAINT "questionnaire_sheets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaire_sheets_name_version_unique" ON "questionnaire_sheets" USING btree ("name","version");--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaire_sheets_one_draft" ON "questionnaire_sheets" USING btree ("name") WHERE status = 'draft';--> statement-breakpoint
CREATE INDEX "questionnaire_sheets_status_idx" ON "questionnaire_sheets" USING btree ("status","name");