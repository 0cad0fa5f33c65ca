CREATE TABLE "aac_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"product_no" integer NOT NULL,
	"article_no" varchar(40) NOT NULL,
	"title" varchar(200) NOT NULL,
	"value" varchar(60) NOT NULL,
	"thickness" integer NOT NULL,
	"width" integer NOT NULL,
	"min_length" integer NOT NULL,
	"max_length" integer NOT NULL,
	"units_per_pallet" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "aac_products_dimensions" CHECK ("aac_products"."thickness" > 0 and "aac_products"."width" > 0 and "aac_products"."min_length" > 0 and "aac_products"."max_length" >= "aac_products"."min_length" and "aac_products"."units_per_pallet" > 0)
);
--> statement-breakpoint
CREATE TABLE "lintel_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"item_no" varchar(40) NOT NULL,
	"title" varchar(200) NOT NULL,
	"value" varchar(60) NOT NULL,
	"height" integer NOT NULL,
	"thickness" integer NOT NULL,
	"length" integer NOT NULL,
	"lintel_type" varchar(20) DEFAULT 'FS' NOT NULL,
	"units_per_pallet" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lintel_products_dimensions" CHECK ("lintel_products"."height" > 0 and "lintel_products"."thickness" > 0 and "lintel_products"."length" > 0 and "lintel_products"."units_per_pallet" > 0)
);
--> statement-breakpoint
CREATE TABLE "user_invitations" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "aac_products" ADD CONSTRAINT "aac_products_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lintel_products" ADD CONSTRAINT "lintel_products_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_invitations" ADD CONSTRAINT "user_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "aac_products_tenant_no_unique" ON "aac_products" USING btree ("tenant_id","product_no");--> statement-breakpoint
CREATE UNIQUE INDEX "aac_products_tenant_article_unique" ON "aac_products" USING btree ("tenant_id","article_no");--> statement-breakpoint
CREATE UNIQUE INDEX "lintel_products_tenant_item_unique" ON "lintel_products" USING btree ("tenant_id","item_no");--> statement-breakpoint
CREATE INDEX "lintel_products_lookup_idx" ON "lintel_products" USING btree ("tenant_id","thickness","length","height");--> statement-breakpoint
CREATE INDEX "user_invitations_user_idx" ON "user_invitations" USING btree ("user_id");