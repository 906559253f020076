-- Failed login attempts, shared by every gateway on the database (issue 8, Security 4): one row per
-- failure, counted over a sliding window per (account, address) and per address; a successful
-- login deletes that account's rows for its address. The account is a SHA-256 of the lower-cased
-- e-mail, so that what people typed (sometimes a password) is not kept in clear.
CREATE TABLE "login_failures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_key" text NOT NULL,
	"address" text NOT NULL,
	"failed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "login_failures_pair_idx" ON "login_failures" USING btree ("account_key","address","failed_at");--> statement-breakpoint
CREATE INDEX "login_failures_address_idx" ON "login_failures" USING btree ("address","failed_at");--> statement-breakpoint
CREATE INDEX "login_failures_time_idx" ON "login_failures" USING btree ("failed_at");
