CREATE TABLE "project_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"root_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"content_type" varchar(120) NOT NULL,
	"size" integer NOT NULL,
	"storage_key" varchar(200) NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_members" (
	"root_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" varchar(40) NOT NULL,
	CONSTRAINT "project_members_root_id_user_id_pk" PRIMARY KEY("root_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "project_unit_params" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"key" varchar(60) NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"root_id" integer,
	"parent_id" integer,
	"tenant_id" integer NOT NULL,
	"sales_org_id" integer,
	"type" varchar(20) NOT NULL,
	"variant" varchar(20) DEFAULT 'other' NOT NULL,
	"number" varchar(60) NOT NULL,
	"title" varchar(200) NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"state_key" varchar(40) DEFAULT '' NOT NULL,
	"state_since" timestamp with time zone DEFAULT now() NOT NULL,
	"delivery_date" varchar(10),
	"earliest_delivery_date" varchar(10),
	"site_address_id" integer,
	"site_contact_id" integer,
	"product_type_id" integer,
	"plant_id" integer,
	"data" text DEFAULT '' NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_units_type_check" CHECK ("project_units"."type" in ('project', 'subproject', 'approvallot', 'lintelorderlot', 'aacorderlot', 'drawingjob', 'folder')),
	CONSTRAINT "project_units_variant_check" CHECK ("project_units"."variant" in ('aac_elements', 'lintel', 'other'))
);
--> statement-breakpoint
CREATE TABLE "questionnaire_answers" (
	"root_id" integer PRIMARY KEY NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_valid" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "project_feature_defaults" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "project_files" ADD CONSTRAINT "project_files_root_id_project_units_id_fk" FOREIGN KEY ("root_id") REFERENCES "public"."project_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_files" ADD CONSTRAINT "project_files_unit_id_project_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."project_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_files" ADD CONSTRAINT "project_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_root_id_project_units_id_fk" FOREIGN KEY ("root_id") REFERENCES "public"."project_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_unit_params" ADD CONSTRAINT "project_unit_params_unit_id_project_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."project_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_units" ADD CONSTRAINT "project_units_root_id_project_units_id_fk" FOREIGN KEY ("root_id") REFERENCES "public"."project_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_units" ADD CONSTRAINT "project_units_parent_id_project_units_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."project_units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_units" ADD CONSTRAINT "project_units_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_units" ADD CONSTRAINT "project_units_sales_org_id_sales_organisations_id_fk" FOREIGN KEY ("sales_org_id") REFERENCES "public"."sales_organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_units" ADD CONSTRAINT "project_units_site_address_id_addresses_id_fk" FOREIGN KEY ("site_address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_units" ADD CONSTRAINT "project_units_site_contact_id_contacts_id_fk" FOREIGN KEY ("site_contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_units" ADD CONSTRAINT "project_units_product_type_id_product_types_id_fk" FOREIGN KEY ("product_type_id") REFERENCES "public"."product_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_units" ADD CONSTRAINT "project_units_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_answers" ADD CONSTRAINT "questionnaire_answers_root_id_project_units_id_fk" FOREIGN KEY ("root_id") REFERENCES "public"."project_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_files_unit_idx" ON "project_files" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "project_files_root_idx" ON "project_files" USING btree ("root_id");--> statement-breakpoint
CREATE INDEX "project_members_user_idx" ON "project_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "project_unit_params_unit_idx" ON "project_unit_params" USING btree ("unit_id","key");--> statement-breakpoint
CREATE INDEX "project_units_root_idx" ON "project_units" USING btree ("root_id","type","number");--> statement-breakpoint
CREATE INDEX "project_units_parent_idx" ON "project_units" USING btree ("parent_id","number");--> statement-breakpoint
CREATE INDEX "project_units_tenant_state_idx" ON "project_units" USING btree ("tenant_id","state_key");--> statement-breakpoint
CREATE INDEX "project_units_state_since_idx" ON "project_units" USING btree ("state_since");--> statement-breakpoint
CREATE UNIQUE INDEX "project_units_sibling_title_unique" ON "project_units" USING btree ("parent_id","type",lower("title"));--> statement-breakpoint
CREATE INDEX "project_units_title_trgm_idx" ON "project_units" USING btree (lower("title"));--> statement-breakpoint
CREATE INDEX "project_units_number_idx" ON "project_units" USING btree ("number");