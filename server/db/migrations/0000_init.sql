CREATE TABLE "addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) DEFAULT '' NOT NULL,
	"name2" varchar(200) DEFAULT '' NOT NULL,
	"street1" varchar(200) DEFAULT '' NOT NULL,
	"street2" varchar(200) DEFAULT '' NOT NULL,
	"zip" varchar(20) DEFAULT '' NOT NULL,
	"city" varchar(120) DEFAULT '' NOT NULL,
	"country" varchar(80) DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banner_notification_sales_orgs" (
	"notification_id" integer NOT NULL,
	"sales_org_id" integer NOT NULL,
	CONSTRAINT "banner_notification_sales_orgs_notification_id_sales_org_id_pk" PRIMARY KEY("notification_id","sales_org_id")
);
--> statement-breakpoint
CREATE TABLE "banner_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"text" varchar(2000) NOT NULL,
	"level" varchar(20) NOT NULL,
	"show_from" timestamp with time zone NOT NULL,
	"show_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banner_level_check" CHECK ("banner_notifications"."level" in ('info', 'warning', 'important')),
	CONSTRAINT "banner_period_check" CHECK ("banner_notifications"."show_until" > "banner_notifications"."show_from")
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) DEFAULT '' NOT NULL,
	"office_phone" varchar(60) DEFAULT '' NOT NULL,
	"office_fax" varchar(60) DEFAULT '' NOT NULL,
	"company_mobile" varchar(60) DEFAULT '' NOT NULL,
	"office_email" varchar(254) DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"login" varchar(120) PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"first_failure_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "plants" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_plant_preliminary_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"plant_id" integer NOT NULL,
	"product_type_id" integer NOT NULL,
	"preliminary_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "preliminary_days_min" CHECK ("product_plant_preliminary_days"."preliminary_days" >= 1)
);
--> statement-breakpoint
CREATE TABLE "product_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"bg_color" varchar(9) DEFAULT '#607d8b' NOT NULL,
	"text_color" varchar(9) DEFAULT '#ffffff' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_organisations" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"key" varchar(40) NOT NULL,
	"title" varchar(200) NOT NULL,
	"additional_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"default_plant_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"type" varchar(20) DEFAULT 'standard' NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"info_html" text DEFAULT '' NOT NULL,
	"has_logo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenants_type_check" CHECK ("tenants"."type" in ('standard', 'ccl'))
);
--> statement-breakpoint
CREATE TABLE "user_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"first_name" varchar(120) DEFAULT '' NOT NULL,
	"last_name" varchar(120) DEFAULT '' NOT NULL,
	"has_profile_image" boolean DEFAULT false NOT NULL,
	"daily_status_mail" boolean DEFAULT false NOT NULL,
	"address_id" integer,
	"contact_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_sales_orgs" (
	"user_id" integer NOT NULL,
	"sales_org_id" integer NOT NULL,
	CONSTRAINT "user_sales_orgs_user_id_sales_org_id_pk" PRIMARY KEY("user_id","sales_org_id")
);
--> statement-breakpoint
CREATE TABLE "user_tenants" (
	"user_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	CONSTRAINT "user_tenants_user_id_tenant_id_pk" PRIMARY KEY("user_id","tenant_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"login" varchar(120) NOT NULL,
	"email" varchar(254) DEFAULT '' NOT NULL,
	"password_hash" text,
	"is_internal" boolean DEFAULT false NOT NULL,
	"is_external_login" boolean DEFAULT false NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"is_configurer" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"language" varchar(2) DEFAULT 'de' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "banner_notification_sales_orgs" ADD CONSTRAINT "banner_notification_sales_orgs_notification_id_banner_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."banner_notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banner_notification_sales_orgs" ADD CONSTRAINT "banner_notification_sales_orgs_sales_org_id_sales_organisations_id_fk" FOREIGN KEY ("sales_org_id") REFERENCES "public"."sales_organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plants" ADD CONSTRAINT "plants_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_plant_preliminary_days" ADD CONSTRAINT "product_plant_preliminary_days_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_plant_preliminary_days" ADD CONSTRAINT "product_plant_preliminary_days_product_type_id_product_types_id_fk" FOREIGN KEY ("product_type_id") REFERENCES "public"."product_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_types" ADD CONSTRAINT "product_types_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_organisations" ADD CONSTRAINT "sales_organisations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_organisations" ADD CONSTRAINT "sales_organisations_default_plant_id_plants_id_fk" FOREIGN KEY ("default_plant_id") REFERENCES "public"."plants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_sales_orgs" ADD CONSTRAINT "user_sales_orgs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_sales_orgs" ADD CONSTRAINT "user_sales_orgs_sales_org_id_sales_organisations_id_fk" FOREIGN KEY ("sales_org_id") REFERENCES "public"."sales_organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tenants" ADD CONSTRAINT "user_tenants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tenants" ADD CONSTRAINT "user_tenants_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banner_sales_orgs_org_idx" ON "banner_notification_sales_orgs" USING btree ("sales_org_id");--> statement-breakpoint
CREATE INDEX "banner_show_idx" ON "banner_notifications" USING btree ("show_from","show_until");--> statement-breakpoint
CREATE INDEX "plants_tenant_idx" ON "plants" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "preliminary_days_plant_product_unique" ON "product_plant_preliminary_days" USING btree ("plant_id","product_type_id");--> statement-breakpoint
CREATE INDEX "product_types_tenant_idx" ON "product_types" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_organisations_key_unique" ON "sales_organisations" USING btree ("key");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_sales_orgs_org_idx" ON "user_sales_orgs" USING btree ("sales_org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_login_unique" ON "users" USING btree (lower("login"));