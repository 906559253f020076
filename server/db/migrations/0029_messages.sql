CREATE TABLE "message_reads" (
	"user_id" uuid NOT NULL,
	"patient_file_id" uuid NOT NULL,
	"last_read_at" timestamp with time zone NOT NULL,
	"last_read_message_id" uuid NOT NULL,
	CONSTRAINT "message_reads_user_id_patient_file_id_pk" PRIMARY KEY("user_id","patient_file_id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_file_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"author_role" text NOT NULL,
	"text" text,
	"file_id" uuid,
	"attachment_kind" text,
	"attachment_withdrawn_at" timestamp with time zone,
	"attachment_withdrawn_by" uuid,
	"attachment_withdrawn_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_text_or_file_check" CHECK ("messages"."text" is not null or "messages"."file_id" is not null),
	CONSTRAINT "messages_attachment_kind_check" CHECK (("messages"."file_id" is null) = ("messages"."attachment_kind" is null))
);
--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_patient_file_id_patient_files_id_fk" FOREIGN KEY ("patient_file_id") REFERENCES "public"."patient_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_last_read_message_id_messages_id_fk" FOREIGN KEY ("last_read_message_id") REFERENCES "public"."messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_patient_file_id_patient_files_id_fk" FOREIGN KEY ("patient_file_id") REFERENCES "public"."patient_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_attachment_withdrawn_by_users_id_fk" FOREIGN KEY ("attachment_withdrawn_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_file_created_idx" ON "messages" USING btree ("patient_file_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Written by hand (docs/architecture.md §7: a trigger): live message events now reach the patient
-- side (server/care/events/routes.ts), which holds the files it follows for its life. A caregiver
-- added to or removed from a file changes what her streams may receive: the access notice of
-- 0023 (notify_member_changed: both users when a row moves) ends them, and EventSource reconnects
-- on the files she follows now. Listed in server/db/outside-schema.ts.
CREATE TRIGGER "caregivers_access_notice" AFTER INSERT OR UPDATE OR DELETE ON "caregivers"
  FOR EACH ROW EXECUTE FUNCTION "notify_member_changed"();
