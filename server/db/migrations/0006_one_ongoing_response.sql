-- Two "start" calls at once could each find no ongoing response and both insert one. At most one
-- ongoing (not yet answered) response per file, questionnaire, occurrence (none for free forms)
-- and person answering; the start call reads the existing one when its insert conflicts.
-- Duplicates left by the old race carry no answers (answers are written only when sent): keep the oldest.
DELETE FROM "form_responses" r USING "form_responses" o
WHERE r."answered_at" IS NULL AND o."answered_at" IS NULL
  AND r."patient_file_id" = o."patient_file_id" AND r."form_id" = o."form_id"
  AND r."occurrence_id" IS NOT DISTINCT FROM o."occurrence_id" AND r."answered_by" IS NOT DISTINCT FROM o."answered_by"
  AND (r."created_at", r."id") > (o."created_at", o."id");--> statement-breakpoint
CREATE UNIQUE INDEX "form_responses_one_ongoing_idx" ON "form_responses" USING btree ("patient_file_id","form_id",coalesce("occurrence_id", '00000000-0000-0000-0000-000000000000'::uuid),"answered_by") WHERE "form_responses"."answered_at" is null;
