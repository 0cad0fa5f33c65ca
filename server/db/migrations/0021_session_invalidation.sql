-- Custom SQL migration file, put your code below! --
-- hand-written:
-- Sessions are cached in each server process (server/lib/session-cache.ts). Every change to what a session
-- carries — the user row, profile, tenants, sales organisations — or a session's deletion notifies channel
-- px_session at commit, so that every process (LISTEN) drops what it cached, whichever code path wrote.
CREATE OR REPLACE FUNCTION px_notify_session_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('px_session', 'u:' || OLD.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION px_notify_session_user_part() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('px_session', 'u:' || OLD.user_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('px_session', 'u:' || NEW.user_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION px_notify_session_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('px_session', 's:' || OLD.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER users_session_notify AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION px_notify_session_user();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER user_profiles_session_notify AFTER INSERT OR UPDATE OR DELETE ON user_profiles FOR EACH ROW EXECUTE FUNCTION px_notify_session_user_part();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER user_tenants_session_notify AFTER INSERT OR UPDATE OR DELETE ON user_tenants FOR EACH ROW EXECUTE FUNCTION px_notify_session_user_part();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER user_sales_orgs_session_notify AFTER INSERT OR UPDATE OR DELETE ON user_sales_orgs FOR EACH ROW EXECUTE FUNCTION px_notify_session_user_part();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER sessions_session_notify AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION px_notify_session_deleted();
