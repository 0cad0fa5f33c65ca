CREATE TABLE "ccl_delivery_schedule" (
	"unit_id" integer PRIMARY KEY NOT NULL,
	"features" text DEFAULT '' NOT NULL,
	"delivery_week" varchar(8) DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_lots" (
	"id" serial PRIMARY KEY NOT NULL,
	"root_id" integer NOT NULL,
	"subproject_id" integer,
	"title" varchar(300) NOT NULL,
	"delivery_date" date NOT NULL,
	"delivery_type" smallint DEFAULT 2 NOT NULL,
	"groups" text DEFAULT '' NOT NULL,
	"wall_nos" text DEFAULT '' NOT NULL,
	"unit_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_lots_type_check" CHECK ("delivery_lots"."delivery_type" in (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "materials" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"type" varchar(80) NOT NULL,
	"volume" numeric(10, 3) NOT NULL,
	"delivery_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "materials_volume_check" CHECK ("materials"."volume" >= 0)
);
--> statement-breakpoint
CREATE TABLE "structure_drafts" (
	"root_id" integer PRIMARY KEY NOT NULL,
	"draft" jsonb NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_types" ADD COLUMN "material_key" varchar(80);--> statement-breakpoint
ALTER TABLE "ccl_delivery_schedule" ADD CONSTRAINT "ccl_delivery_schedule_unit_id_project_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."project_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccl_delivery_schedule" ADD CONSTRAINT "ccl_delivery_schedule_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_lots" ADD CONSTRAINT "delivery_lots_root_id_project_units_id_fk" FOREIGN KEY ("root_id") REFERENCES "public"."project_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_lots" ADD CONSTRAINT "delivery_lots_subproject_id_project_units_id_fk" FOREIGN KEY ("subproject_id") REFERENCES "public"."project_units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_unit_id_project_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."project_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "structure_drafts" ADD CONSTRAINT "structure_drafts_root_id_project_units_id_fk" FOREIGN KEY ("root_id") REFERENCES "public"."project_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "structure_drafts" ADD CONSTRAINT "structure_drafts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_lots_root_date_idx" ON "delivery_lots" USING btree ("root_id","delivery_date");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_lots_subproject_date_unique" ON "delivery_lots" USING btree ("subproject_id","delivery_date");--> statement-breakpoint
CREATE INDEX "materials_unit_idx" ON "materials" USING btree ("unit_id","position");