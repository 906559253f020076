CREATE TABLE "list_versions" (
	"list" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint

-- The alerts list's version (issue 19, Load; server/care/alerts/list-cache.ts): bumped once per
-- transaction that changes a row the list reads or filters on (alerts, and the names, levels,
-- indicators, units, measures and statuses it shows), whoever writes (a route, a job, a hand in
-- the database). Constraint triggers deferred to commit: the row lock on the version is taken
-- last and held only while committing (no deadlock with the writes before it), and a reader that
-- sees the new version also sees the change. Drizzle declares no trigger: listed in
-- server/db/outside-schema.ts.
CREATE FUNCTION "bump_alerts_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Once per transaction: the flag lasts until its end (set_config(..., true)).
  IF current_setting('telesuivi.alerts_list_bumped', true) = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('telesuivi.alerts_list_bumped', 'on', true);
  INSERT INTO "list_versions" ("list", "version") VALUES ('alerts', 1)
    ON CONFLICT ("list") DO UPDATE SET "version" = "list_versions"."version" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "alerts_list_version" AFTER INSERT OR UPDATE OR DELETE ON "alerts"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_alerts_list_version"();--> statement-breakpoint
CREATE TRIGGER "alerts_list_version_truncate" AFTER TRUNCATE ON "alerts"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_alerts_list_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "services_alerts_list_version" AFTER INSERT OR UPDATE OR DELETE ON "services"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_alerts_list_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "intervention_levels_alerts_list_version" AFTER INSERT OR UPDATE OR DELETE ON "intervention_levels"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_alerts_list_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_alerts_list_version" AFTER DELETE OR UPDATE OF "first_name", "last_name", "given_names", "used_first_name", "used_name", "birth_name", "birth_date" ON "users"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_alerts_list_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "patient_files_alerts_list_version" AFTER DELETE OR UPDATE OF "patient_id", "service_id" ON "patient_files"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_alerts_list_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "indicators_alerts_list_version" AFTER DELETE OR UPDATE OF "reference", "name", "decimals", "unit_id" ON "indicators"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_alerts_list_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "units_alerts_list_version" AFTER DELETE OR UPDATE OF "symbol" ON "units"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_alerts_list_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "measures_alerts_list_version" AFTER DELETE OR UPDATE OF "value", "measured_at", "entered_value", "entered_unit" ON "measures"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_alerts_list_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "alert_statuses_alerts_list_version" AFTER DELETE OR UPDATE OF "name", "closes_alert" ON "alert_statuses"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_alerts_list_version"();
