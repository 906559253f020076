-- Questionnaire definitions, answers, computed values and edited layouts are kept as `json`
-- (the text as written) instead of `jsonb`, which sorts object keys (shorter first): questions
-- without `ui:order` were shown in another order than their author's. Rows written before keep
-- jsonb's order; the provisioned forms' current versions get their file's order back at the next
-- sync (server/ui/form-sync.ts), as their content is unchanged.
ALTER TABLE "form_versions" ALTER COLUMN "definition" SET DATA TYPE json USING "definition"::json;--> statement-breakpoint
ALTER TABLE "form_responses" ALTER COLUMN "answers" SET DATA TYPE json USING "answers"::json;--> statement-breakpoint
ALTER TABLE "form_responses" ALTER COLUMN "computed" SET DATA TYPE json USING "computed"::json;--> statement-breakpoint
ALTER TABLE "layout_versions" ALTER COLUMN "document" SET DATA TYPE json USING "document"::json;--> statement-breakpoint
-- Planned questionnaires open at the same local time every day, across daylight-saving changes,
-- in the establishment's time zone (an IANA name).
ALTER TABLE "establishments" ADD COLUMN "time_zone" text DEFAULT 'Europe/Paris' NOT NULL;
