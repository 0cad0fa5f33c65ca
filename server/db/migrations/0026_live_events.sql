-- Custom SQL migration file, put your code below! --
-- hand-written (issue #37): what changed, for the browsers' event stream (server/lib/live-events.ts).
-- change_events is a short journal: one row per changed resource and project per statement, written by statement
-- triggers with transition tables on the tables the open pages show. Its id is the stream's event id (Last-Event-ID),
-- so every process and a restarted one replay the same events. No px_data trigger: it is written with every change
-- of a watched table, whose own trigger already notifies (list-cache.ts UNWATCHED_TABLES).
CREATE TABLE "change_events" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "resource" varchar(40) NOT NULL,
  "kind" varchar(8) NOT NULL,
  "ids" integer[] NOT NULL,
  "root_id" integer,
  "user_id" integer,
  "actor_id" integer,
  "at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "change_events_at_idx" ON "change_events" USING btree ("at");
--> statement-breakpoint
-- The in-app notifications (the bell): the same events the mails are made of, per user, read or not.
CREATE TABLE "user_notifications" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "kind" varchar(30) NOT NULL,
  "unit_id" integer REFERENCES "project_units"("id") ON DELETE CASCADE,
  "root_id" integer REFERENCES "project_units"("id") ON DELETE CASCADE,
  "params" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "read_at" timestamp with time zone,
  CONSTRAINT "user_notifications_kind_check" CHECK ("kind" in ('task-assigned', 'drawings-ready', 'order-confirmed', 'escalation'))
);
--> statement-breakpoint
CREATE INDEX "user_notifications_user_idx" ON "user_notifications" USING btree ("user_id", "id");
--> statement-breakpoint
CREATE INDEX "user_notifications_unread_idx" ON "user_notifications" USING btree ("user_id") WHERE "read_at" IS NULL;
--> statement-breakpoint
-- Which notification kinds are also mailed (the profile's e-mail preferences); escalations were mailed before.
ALTER TABLE "user_profiles" ADD COLUMN "notification_mails" text[] DEFAULT '{escalation}'::text[] NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER user_notifications_data_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_notifications
  FOR EACH STATEMENT EXECUTE FUNCTION px_notify_data_change();
--> statement-breakpoint
-- TG_ARGV: resource, id expression, project (root) expression, user expression, join, all over the changed rows `r`.
-- More than 500 rows of one project in one statement (a bulk import) are named by no ids: "reload the resource".
-- The writer names itself with set_config('px.actor', <user id>, true) where a screen shows "Changed by".
CREATE OR REPLACE FUNCTION px_journal_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  source text := CASE WHEN TG_OP = 'DELETE' THEN 'old_rows' ELSE 'new_rows' END;
  kind text := CASE TG_OP WHEN 'INSERT' THEN 'created' WHEN 'DELETE' THEN 'deleted' ELSE 'updated' END;
BEGIN
  EXECUTE format(
    'INSERT INTO change_events (resource, kind, ids, root_id, user_id, actor_id)
     SELECT %L, %L, CASE WHEN count(*) > 500 THEN ''{}''::integer[] ELSE array_agg(DISTINCT %s) END, %s, %s,
            nullif(current_setting(''px.actor'', true), '''')::integer
     FROM %I r %s GROUP BY 4, 5',
    TG_ARGV[0], kind, TG_ARGV[1], TG_ARGV[2], TG_ARGV[3], source, TG_ARGV[4]);
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  spec text[];
  unit_join constant text := 'LEFT JOIN project_units u ON u.id = r.unit_id';
BEGIN
  FOREACH spec SLICE 1 IN ARRAY ARRAY[
    ['project_units', 'projects', 'r.id', 'coalesce(r.root_id, r.id)', 'NULL::integer', ''],
    ['project_unit_params', 'projects', 'r.unit_id', 'coalesce(u.root_id, u.id)', 'NULL::integer', unit_join],
    ['aac_order_items', 'orders', 'r.unit_id', 'coalesce(u.root_id, u.id)', 'NULL::integer', unit_join],
    ['lintel_order_items', 'orders', 'r.unit_id', 'coalesce(u.root_id, u.id)', 'NULL::integer', unit_join],
    ['materials', 'materials', 'r.unit_id', 'coalesce(u.root_id, u.id)', 'NULL::integer', unit_join],
    ['questionnaire_answers', 'questionnaire', 'r.root_id', 'r.root_id', 'NULL::integer', ''],
    ['structure_drafts', 'structure', 'r.root_id', 'r.root_id', 'NULL::integer', ''],
    ['project_files', 'files', 'r.unit_id', 'r.root_id', 'NULL::integer', ''],
    ['project_members', 'members', 'r.user_id', 'r.root_id', 'NULL::integer', ''],
    ['project_unit_journal', 'journal', 'r.unit_id', 'r.root_id', 'NULL::integer', ''],
    ['delivery_lots', 'deliveries', 'r.id', 'r.root_id', 'NULL::integer', ''],
    ['banner_notifications', 'banner-notifications', 'r.id', 'NULL::integer', 'NULL::integer', ''],
    ['workflow_definitions', 'workflow', 'r.version', 'NULL::integer', 'NULL::integer', ''],
    ['user_notifications', 'notifications', 'r.id', 'NULL::integer', 'r.user_id', '']
  ] LOOP
    EXECUTE format('CREATE OR REPLACE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION px_journal_change(%L, %L, %L, %L, %L)',
      spec[1] || '_journal_insert', spec[1], spec[2], spec[3], spec[4], spec[5], spec[6]);
    EXECUTE format('CREATE OR REPLACE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION px_journal_change(%L, %L, %L, %L, %L)',
      spec[1] || '_journal_update', spec[1], spec[2], spec[3], spec[4], spec[5], spec[6]);
    EXECUTE format('CREATE OR REPLACE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION px_journal_change(%L, %L, %L, %L, %L)',
      spec[1] || '_journal_delete', spec[1], spec[2], spec[3], spec[4], spec[5], spec[6]);
  END LOOP;
END $$;
