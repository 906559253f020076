-- Access notices (server/db/access-notices.ts): a live stream (GET /api/events) ends at once when
-- its session ends or its user's grants change, on every process that serves one. Whoever changes
-- the rows (a route, the session purge, a hand in the database), the database itself tells every
-- LISTEN at commit, on the channel 'telesuivi_access' (ACCESS_CHANNEL). Notified in the writing
-- transaction, a notice is sent only if it commits, and reaches each listener in commit order
-- with the alerts (server/care/alerts/live.ts). Drizzle declares no trigger: listed in
-- server/db/outside-schema.ts.

-- A session row deleted: logout, password change, the purge of expired sessions, a user deleted.
CREATE FUNCTION "notify_session_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('telesuivi_access', json_build_object('kind', 'session', 'sessionIdHash', OLD.id_hash)::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sessions_access_notice" AFTER DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "notify_session_ended"();--> statement-breakpoint

-- A membership row inserted, changed or deleted: its user's grants are no longer those their
-- sessions hold (both users when a row moves from one to another).
CREATE FUNCTION "notify_member_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('telesuivi_access', json_build_object('kind', 'user', 'userId', OLD.user_id)::text);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    PERFORM pg_notify('telesuivi_access', json_build_object('kind', 'user', 'userId', NEW.user_id)::text);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "establishment_members_access_notice" AFTER INSERT OR UPDATE OR DELETE ON "establishment_members"
  FOR EACH ROW EXECUTE FUNCTION "notify_member_changed"();--> statement-breakpoint
CREATE TRIGGER "service_members_access_notice" AFTER INSERT OR UPDATE OR DELETE ON "service_members"
  FOR EACH ROW EXECUTE FUNCTION "notify_member_changed"();--> statement-breakpoint

-- A user's roles changed, or a temporary password issued (must_change_password: the account's
-- sessions are over, session-store.ts). Clearing the flag (first login) ends nothing.
CREATE FUNCTION "notify_user_access_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('telesuivi_access', json_build_object('kind', 'user', 'userId', NEW.id)::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_access_notice" AFTER UPDATE OF "roles", "must_change_password" ON "users"
  FOR EACH ROW WHEN ((NEW.must_change_password AND NOT OLD.must_change_password) OR NEW.roles IS DISTINCT FROM OLD.roles)
  EXECUTE FUNCTION "notify_user_access_changed"();
