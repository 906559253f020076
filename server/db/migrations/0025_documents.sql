CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_file_id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"file_id" uuid,
	"external_url" text,
	"start_date" date,
	"end_date" date,
	"reminder_date" date,
	"visible_to_patient" boolean DEFAULT true NOT NULL,
	"visible_to_caregivers" boolean DEFAULT false NOT NULL,
	"provided_as_caregiver" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" uuid,
	"excluded_at" timestamp with time zone,
	"excluded_by" uuid,
	"entered_in_error_at" timestamp with time zone,
	"entered_in_error_by" uuid,
	"entered_in_error_reason" text,
	CONSTRAINT "documents_file_or_link_check" CHECK (("documents"."file_id" is null) <> ("documents"."external_url" is null))
);
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_patient_file_id_patient_files_id_fk" FOREIGN KEY ("patient_file_id") REFERENCES "public"."patient_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_excluded_by_users_id_fk" FOREIGN KEY ("excluded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_entered_in_error_by_users_id_fk" FOREIGN KEY ("entered_in_error_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_file_created_idx" ON "documents" USING btree ("patient_file_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "documents_file_title_idx" ON "documents" USING btree ("patient_file_id","title");