-- Files behind a storage interface (issue 9): the bytes leave the files table for a storage
-- (server/storage/), named by a key the server makes, and a file is attached to its owner
-- (a questionnaire response today; documents, messages, identity documents next) in the
-- patient file whose scope decides who may read it.
CREATE TABLE "file_chunks" (
	"key" text NOT NULL,
	"seq" integer NOT NULL,
	"bytes" bytea NOT NULL,
	CONSTRAINT "file_chunks_key_seq_pk" PRIMARY KEY("key","seq")
);--> statement-breakpoint
CREATE TABLE "file_attachments" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"owner_kind" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"patient_file_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_attachments_owner_kind_check" CHECK ("owner_kind" IN ('form_response', 'document', 'message', 'identity_document'))
);--> statement-breakpoint
ALTER TABLE "file_attachments" ADD CONSTRAINT "file_attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_attachments" ADD CONSTRAINT "file_attachments_patient_file_id_patient_files_id_fk" FOREIGN KEY ("patient_file_id") REFERENCES "public"."patient_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_attachments_owner_idx" ON "file_attachments" USING btree ("owner_kind","owner_id");--> statement-breakpoint
CREATE INDEX "file_attachments_patient_file_idx" ON "file_attachments" USING btree ("patient_file_id");--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "storage_key" text;--> statement-breakpoint
-- Bytes already uploaded move to the database storage as one chunk each, under a key made here.
UPDATE "files" SET "storage_key" = 'db-' || replace("id"::text, '-', '') WHERE "content" IS NOT NULL;--> statement-breakpoint
INSERT INTO "file_chunks" ("key", "seq", "bytes") SELECT "storage_key", 0, "content" FROM "files" WHERE "content" IS NOT NULL;--> statement-breakpoint
INSERT INTO "file_attachments" ("file_id", "owner_kind", "owner_id", "patient_file_id", "created_at")
SELECT f."id", 'form_response', r."id", r."patient_file_id", coalesce(r."answered_at", r."created_at")
FROM "files" f JOIN "form_responses" r ON r."id" = f."form_response_id";--> statement-breakpoint
ALTER TABLE "files" DROP CONSTRAINT IF EXISTS "files_form_response_id_form_responses_id_fk";--> statement-breakpoint
ALTER TABLE "files" DROP COLUMN "form_response_id";--> statement-breakpoint
ALTER TABLE "files" DROP COLUMN "content";
