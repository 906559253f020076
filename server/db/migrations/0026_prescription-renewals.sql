ALTER TABLE "documents" ADD COLUMN "renews_document_id" uuid;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_renews_document_id_documents_id_fk" FOREIGN KEY ("renews_document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_renews_idx" ON "documents" USING btree ("renews_document_id") WHERE "documents"."entered_in_error_at" is null;--> statement-breakpoint
CREATE INDEX "documents_type_end_idx" ON "documents" USING btree ("type","end_date");