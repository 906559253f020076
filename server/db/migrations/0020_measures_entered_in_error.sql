ALTER TABLE "establishments" ADD COLUMN "measure_correction_minutes" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "measures" ADD COLUMN "entered_in_error_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "measures" ADD COLUMN "entered_in_error_by" uuid;--> statement-breakpoint
ALTER TABLE "measures" ADD COLUMN "entered_in_error_reason" text;--> statement-breakpoint
ALTER TABLE "measures" ADD COLUMN "replaced_by" uuid;--> statement-breakpoint
ALTER TABLE "measures" ADD CONSTRAINT "measures_entered_in_error_by_users_id_fk" FOREIGN KEY ("entered_in_error_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measures" ADD CONSTRAINT "measures_replaced_by_measures_id_fk" FOREIGN KEY ("replaced_by") REFERENCES "public"."measures"("id") ON DELETE no action ON UPDATE no action;