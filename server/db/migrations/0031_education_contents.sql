CREATE TABLE "education_contents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"file_id" uuid,
	"youtube_id" text,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"archived_by" uuid,
	CONSTRAINT "education_contents_kind_check" CHECK ("education_contents"."kind" IN ('video', 'document', 'image', 'youtube')),
	CONSTRAINT "education_contents_source_check" CHECK (("education_contents"."kind" = 'youtube') = ("education_contents"."youtube_id" is not null) and ("education_contents"."file_id" is null) = ("education_contents"."youtube_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "file_attachments" DROP CONSTRAINT "file_attachments_owner_kind_check";--> statement-breakpoint
ALTER TABLE "file_attachments" ALTER COLUMN "patient_file_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "education_contents" ADD CONSTRAINT "education_contents_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "education_contents" ADD CONSTRAINT "education_contents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "education_contents" ADD CONSTRAINT "education_contents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "education_contents" ADD CONSTRAINT "education_contents_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "education_contents_service_title_idx" ON "education_contents" USING btree ("service_id","title");--> statement-breakpoint
ALTER TABLE "file_attachments" ADD CONSTRAINT "file_attachments_patient_file_check" CHECK (("file_attachments"."patient_file_id" is null) = ("file_attachments"."owner_kind" = 'education_content'));--> statement-breakpoint
ALTER TABLE "file_attachments" ADD CONSTRAINT "file_attachments_owner_kind_check" CHECK ("file_attachments"."owner_kind" IN ('form_response', 'document', 'message', 'identity_document', 'education_content'));