CREATE TABLE "delivery_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"root_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"user_id" integer,
	"material_data" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_unit_journal" (
	"id" serial PRIMARY KEY NOT NULL,
	"root_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"user_id" integer,
	"old_state" varchar(40) DEFAULT '' NOT NULL,
	"new_state" varchar(40) DEFAULT '' NOT NULL,
	"action" varchar(60) DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"delayed" boolean DEFAULT false NOT NULL,
	"rule_key" varchar(60),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduler_runs" (
	"key" varchar(100) PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"detail" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_definitions" (
	"version" integer PRIMARY KEY NOT NULL,
	"definition" jsonb NOT NULL,
	"created_by" integer,
	"comment" varchar(500) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_escalations" (
	"id" serial PRIMARY KEY NOT NULL,
	"root_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"rule_key" varchar(60) NOT NULL,
	"state_key" varchar(40) NOT NULL,
	"state_since" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delivery_notifications" ADD CONSTRAINT "delivery_notifications_root_id_project_units_id_fk" FOREIGN KEY ("root_id") REFERENCES "public"."project_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_notifications" ADD CONSTRAINT "delivery_notifications_unit_id_project_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."project_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_notifications" ADD CONSTRAINT "delivery_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_unit_journal" ADD CONSTRAINT "project_unit_journal_root_id_project_units_id_fk" FOREIGN KEY ("root_id") REFERENCES "public"."project_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_unit_journal" ADD CONSTRAINT "project_unit_journal_unit_id_project_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."project_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_unit_journal" ADD CONSTRAINT "project_unit_journal_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_definitions" ADD CONSTRAINT "workflow_definitions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_escalations" ADD CONSTRAINT "workflow_escalations_root_id_project_units_id_fk" FOREIGN KEY ("root_id") REFERENCES "public"."project_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_escalations" ADD CONSTRAINT "workflow_escalations_unit_id_project_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."project_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_notifications_root_idx" ON "delivery_notifications" USING btree ("root_id","created_at");--> statement-breakpoint
CREATE INDEX "project_unit_journal_root_idx" ON "project_unit_journal" USING btree ("root_id","created_at");--> statement-breakpoint
CREATE INDEX "project_unit_journal_unit_idx" ON "project_unit_journal" USING btree ("unit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_escalations_stay_unique" ON "workflow_escalations" USING btree ("unit_id","rule_key","state_since");--> statement-breakpoint
CREATE INDEX "workflow_escalations_root_idx" ON "workflow_escalations" USING btree ("root_id");