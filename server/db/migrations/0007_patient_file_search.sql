-- The professional's patient-file list searches names in any case, with or without accents, by
-- any fragment (prefix or infix), and patients by identifier (spec 000 §2, spec 001 §3 "Patient form").
-- pg_trgm and unaccent are trusted extensions of PostgreSQL ≥ 13 and are bundled with PGlite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- unaccent() is only STABLE (it reads its dictionary through search_path), so no index or
-- generated column may use it. Naming the dictionary makes the result fixed: IMMUTABLE is true.
CREATE OR REPLACE FUNCTION "immutable_unaccent"(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
-- Identifiers of the patient form the list searches (exact or prefix); filled by patient creation later.
ALTER TABLE "users" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ins_number" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "social_security_number" text;--> statement-breakpoint
-- Every name of the person, lower case without accents: what the name search matches.
ALTER TABLE "users" ADD COLUMN "search_name" text GENERATED ALWAYS AS (lower(immutable_unaccent(
  "last_name" || ' ' || "first_name" || ' ' || coalesce("birth_name", '') || ' ' || coalesce("used_name", '')
  || ' ' || coalesce("used_first_name", '') || ' ' || coalesce("given_names", '')))) STORED;--> statement-breakpoint
-- The list's order by name: last then first name, the same in every collation (PGlite sorts bytes).
ALTER TABLE "users" ADD COLUMN "sort_name" text GENERATED ALWAYS AS (lower(immutable_unaccent("last_name" || ' ' || "first_name"))) STORED;--> statement-breakpoint
CREATE INDEX "users_search_name_trgm_idx" ON "users" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_sort_name_idx" ON "users" USING btree ("sort_name","id");--> statement-breakpoint
CREATE INDEX "users_birth_date_idx" ON "users" USING btree ("birth_date");--> statement-breakpoint
CREATE INDEX "users_external_id_idx" ON "users" USING btree ("external_id" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_ins_number_idx" ON "users" USING btree ("ins_number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_social_security_number_idx" ON "users" USING btree ("social_security_number" text_pattern_ops);--> statement-breakpoint
-- The list of one establishment's files: counted from an index alone (service, status), and each sort
-- walked in order until a page is full instead of sorting every file (the id breaks ties).
CREATE INDEX "patient_files_service_status_idx" ON "patient_files" USING btree ("service_id","status");--> statement-breakpoint
CREATE INDEX "patient_files_service_id_idx" ON "patient_files" USING btree ("service_id","id");--> statement-breakpoint
CREATE INDEX "patient_files_status_id_idx" ON "patient_files" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "patient_files_created_id_idx" ON "patient_files" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "patient_files_start_id_idx" ON "patient_files" USING btree ("start_date","id");--> statement-breakpoint
-- The files of the patients a search found, counted from the index alone.
CREATE INDEX "patient_files_patient_service_status_idx" ON "patient_files" USING btree ("patient_id","service_id","status");
