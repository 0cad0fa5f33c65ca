CREATE TABLE "aac_order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"item_index" integer NOT NULL,
	"sublot_name" varchar(100) DEFAULT '' NOT NULL,
	"floor_name" varchar(100) DEFAULT '' NOT NULL,
	"product_no" integer NOT NULL,
	"item_length" numeric(8, 3) NOT NULL,
	"qty" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "aac_order_items_qty" CHECK ("aac_order_items"."qty" >= 1)
);
--> statement-breakpoint
CREATE TABLE "lintel_order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"item_index" integer NOT NULL,
	"sublot_name" varchar(100) DEFAULT '' NOT NULL,
	"floor_name" varchar(100) DEFAULT '' NOT NULL,
	"thickness" integer NOT NULL,
	"length" integer NOT NULL,
	"height" integer NOT NULL,
	"product_id" integer NOT NULL,
	"has_cut" boolean DEFAULT false NOT NULL,
	"lintel_type" varchar(20) NOT NULL,
	"qty" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lintel_order_items_qty" CHECK ("lintel_order_items"."qty" >= 1)
);
--> statement-breakpoint
ALTER TABLE "aac_order_items" ADD CONSTRAINT "aac_order_items_unit_id_project_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."project_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lintel_order_items" ADD CONSTRAINT "lintel_order_items_unit_id_project_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."project_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lintel_order_items" ADD CONSTRAINT "lintel_order_items_product_id_lintel_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."lintel_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "aac_order_items_unit_idx" ON "aac_order_items" USING btree ("unit_id","item_index");--> statement-breakpoint
CREATE INDEX "lintel_order_items_unit_idx" ON "lintel_order_items" USING btree ("unit_id","item_index");