CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uploader_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"public" boolean DEFAULT false NOT NULL,
	"mime_type" text,
	"size" integer,
	"content" "bytea",
	"form_response_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "form_occurrences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_file_form_id" uuid NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"limit_at" timestamp with time zone NOT NULL,
	"lost_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "form_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_file_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"form_version_id" uuid NOT NULL,
	"occurrence_id" uuid,
	"answers" jsonb,
	"computed" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"limit_at" timestamp with time zone,
	"answered_by" uuid,
	"on_behalf_of" uuid
);
--> statement-breakpoint
CREATE TABLE "form_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"form_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"establishment_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"name" text NOT NULL,
	"submission_type" text NOT NULL,
	"source" text NOT NULL,
	"current_version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patient_file_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_file_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"overload" jsonb,
	"assigned_at" timestamp with time zone NOT NULL,
	"assigned_by" uuid
);
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_form_response_id_form_responses_id_fk" FOREIGN KEY ("form_response_id") REFERENCES "public"."form_responses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_occurrences" ADD CONSTRAINT "form_occurrences_patient_file_form_id_patient_file_forms_id_fk" FOREIGN KEY ("patient_file_form_id") REFERENCES "public"."patient_file_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_responses" ADD CONSTRAINT "form_responses_patient_file_id_patient_files_id_fk" FOREIGN KEY ("patient_file_id") REFERENCES "public"."patient_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_responses" ADD CONSTRAINT "form_responses_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_responses" ADD CONSTRAINT "form_responses_form_version_id_form_versions_id_fk" FOREIGN KEY ("form_version_id") REFERENCES "public"."form_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_responses" ADD CONSTRAINT "form_responses_occurrence_id_form_occurrences_id_fk" FOREIGN KEY ("occurrence_id") REFERENCES "public"."form_occurrences"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_responses" ADD CONSTRAINT "form_responses_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_responses" ADD CONSTRAINT "form_responses_on_behalf_of_users_id_fk" FOREIGN KEY ("on_behalf_of") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_versions" ADD CONSTRAINT "form_versions_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_file_forms" ADD CONSTRAINT "patient_file_forms_patient_file_id_patient_files_id_fk" FOREIGN KEY ("patient_file_id") REFERENCES "public"."patient_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_file_forms" ADD CONSTRAINT "patient_file_forms_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_file_forms" ADD CONSTRAINT "patient_file_forms_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_uploader_idx" ON "files" USING btree ("uploader_id");--> statement-breakpoint
CREATE INDEX "form_occurrences_form_idx" ON "form_occurrences" USING btree ("patient_file_form_id","start_at");--> statement-breakpoint
CREATE INDEX "form_responses_file_idx" ON "form_responses" USING btree ("patient_file_id","answered_at");--> statement-breakpoint
CREATE UNIQUE INDEX "form_responses_occurrence_idx" ON "form_responses" USING btree ("occurrence_id") WHERE "form_responses"."answered_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "form_versions_version_idx" ON "form_versions" USING btree ("form_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "forms_reference_idx" ON "forms" USING btree ("establishment_id","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "forms_name_idx" ON "forms" USING btree ("establishment_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "patient_file_forms_idx" ON "patient_file_forms" USING btree ("patient_file_id","form_id");