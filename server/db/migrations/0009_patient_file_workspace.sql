-- The patient file as the professional's workspace (issue 10): the rest of the patient form on
-- users, first-login temporary passwords, INS identity status and attributes, notes, identity
-- documents typed per establishment, pathologies and conditions, excluded questionnaires, and
-- history indexes for the newest-first, per-kind history tab.
CREATE TABLE "identity_document_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"establishment_id" uuid NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"person_id" uuid NOT NULL,
	"establishment_id" uuid NOT NULL,
	"type_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_by" uuid,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pathologies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"establishment_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patient_conditions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_file_id" uuid NOT NULL,
	"pathology_id" uuid NOT NULL,
	"diagnosed_on" date,
	"note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patient_file_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_file_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" uuid,
	"archived_at" timestamp with time zone,
	"archived_by" uuid
);
--> statement-breakpoint
DROP INDEX "patient_file_history_file_idx";--> statement-breakpoint
ALTER TABLE "patient_file_forms" ADD COLUMN "excluded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "patient_file_forms" ADD COLUMN "excluded_by" uuid;--> statement-breakpoint
ALTER TABLE "patient_files" ADD COLUMN "closed_by" uuid;--> statement-breakpoint
ALTER TABLE "patient_files" ADD COLUMN "admission_date" date;--> statement-breakpoint
ALTER TABLE "patient_files" ADD COLUMN "operation_date" date;--> statement-breakpoint
ALTER TABLE "patient_files" ADD COLUMN "patient_data_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_files" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "first_birth_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "birth_place_insee" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "birth_country" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "postal_code" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "weight_kg" double precision;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "height_cm" double precision;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "oid" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "identity_status" text DEFAULT 'PROVISIONAL' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "identity_doubtful" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "identity_fictitious" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "identity_namesake" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "identity_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "global_reference_value" integer;--> statement-breakpoint
ALTER TABLE "identity_document_types" ADD CONSTRAINT "identity_document_types_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_documents" ADD CONSTRAINT "identity_documents_person_id_users_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_documents" ADD CONSTRAINT "identity_documents_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_documents" ADD CONSTRAINT "identity_documents_type_id_identity_document_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."identity_document_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_documents" ADD CONSTRAINT "identity_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_documents" ADD CONSTRAINT "identity_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_documents" ADD CONSTRAINT "identity_documents_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pathologies" ADD CONSTRAINT "pathologies_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_conditions" ADD CONSTRAINT "patient_conditions_patient_file_id_patient_files_id_fk" FOREIGN KEY ("patient_file_id") REFERENCES "public"."patient_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_conditions" ADD CONSTRAINT "patient_conditions_pathology_id_pathologies_id_fk" FOREIGN KEY ("pathology_id") REFERENCES "public"."pathologies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_conditions" ADD CONSTRAINT "patient_conditions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_file_notes" ADD CONSTRAINT "patient_file_notes_patient_file_id_patient_files_id_fk" FOREIGN KEY ("patient_file_id") REFERENCES "public"."patient_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_file_notes" ADD CONSTRAINT "patient_file_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_file_notes" ADD CONSTRAINT "patient_file_notes_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_file_notes" ADD CONSTRAINT "patient_file_notes_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identity_document_types_label_idx" ON "identity_document_types" USING btree ("establishment_id",lower("label"));--> statement-breakpoint
CREATE INDEX "identity_documents_person_idx" ON "identity_documents" USING btree ("person_id","establishment_id");--> statement-breakpoint
CREATE INDEX "identity_documents_type_idx" ON "identity_documents" USING btree ("type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pathologies_slug_idx" ON "pathologies" USING btree ("establishment_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "patient_conditions_file_pathology_idx" ON "patient_conditions" USING btree ("patient_file_id","pathology_id");--> statement-breakpoint
CREATE INDEX "patient_conditions_pathology_idx" ON "patient_conditions" USING btree ("pathology_id");--> statement-breakpoint
CREATE INDEX "patient_file_notes_file_idx" ON "patient_file_notes" USING btree ("patient_file_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "patient_file_forms" ADD CONSTRAINT "patient_file_forms_excluded_by_users_id_fk" FOREIGN KEY ("excluded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_files" ADD CONSTRAINT "patient_files_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_files" ADD CONSTRAINT "patient_files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patient_file_history_file_type_idx" ON "patient_file_history" USING btree ("patient_file_id","type","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "patient_file_history_file_idx" ON "patient_file_history" USING btree ("patient_file_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);