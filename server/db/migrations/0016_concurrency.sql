CREATE TABLE "unit_number_counters" (
	"scope" varchar(120) PRIMARY KEY NOT NULL,
	"last_value" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "project_units_number_idx";--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_types" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_organisations" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "ccl_delivery_schedule" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- hand-written:
-- Unit numbers are unique from now on. Where parallel creations handed out a number twice, the oldest row
-- keeps it and the others get their id appended (nothing is deleted); then the unique index.
UPDATE "project_units" AS u
SET "number" = left(u."number", 59 - length(u."id"::text)) || '-' || u."id"
FROM (SELECT "id", row_number() OVER (PARTITION BY "number" ORDER BY "id") AS n FROM "project_units") AS d
WHERE d."id" = u."id" AND d.n > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "project_units_number_unique" ON "project_units" USING btree ("number");
