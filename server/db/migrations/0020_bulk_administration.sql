CREATE TABLE "bulk_operations" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(20) NOT NULL,
	"resource" varchar(60) NOT NULL,
	"user_id" integer,
	"user_login" varchar(120) NOT NULL,
	"file_name" varchar(255),
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "aac_products" ADD COLUMN "price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "lintel_products" ADD COLUMN "price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "bulk_operations" ADD CONSTRAINT "bulk_operations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_operations_created" ON "bulk_operations" USING btree ("created_at");