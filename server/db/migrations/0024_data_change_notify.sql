-- Custom SQL migration file, put your code below! --
-- hand-written:
-- List answers are cached in each server process (server/lib/list-cache.ts). Every statement that changes a
-- table the portal shows notifies channel px_data at commit (one notification per table and transaction), so
-- that every process (LISTEN) drops its cached lists, whichever process or code path wrote.
-- Not watched (written on every login or request, shown in no list): sessions, rate_limits, sso_sessions,
-- sso_login_requests, scheduler_runs. A table added later gets the trigger in its own migration;
-- tests/api/list-cache.test.ts fails for a table that has neither the trigger nor a place in that list.
CREATE OR REPLACE FUNCTION px_notify_data_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('px_data', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOR t IN
    SELECT tablename FROM pg_tables
    WHERE schemaname = current_schema()
      AND tablename NOT IN ('sessions', 'rate_limits', 'sso_sessions', 'sso_login_requests', 'scheduler_runs')
      AND tablename NOT LIKE '\_\_%'
  LOOP
    EXECUTE format(
      'CREATE OR REPLACE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION px_notify_data_change()',
      t || '_data_notify', t);
  END LOOP;
END $$;
