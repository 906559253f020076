-- Issue 18: a search by a common first name walks the list's order (name, birth date) until a page
-- is full; with search_name in these indexes, the names passed are read from the index alone.
DROP INDEX "users_sort_name_idx";--> statement-breakpoint
DROP INDEX "users_birth_date_idx";--> statement-breakpoint
CREATE INDEX "users_sort_name_idx" ON "users" USING btree ("sort_name","id","search_name");--> statement-breakpoint
CREATE INDEX "users_birth_date_idx" ON "users" USING btree ("birth_date","id","search_name");