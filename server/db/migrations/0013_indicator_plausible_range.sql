ALTER TABLE "indicators" ADD COLUMN "plausible_min" double precision DEFAULT -1000000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "indicators" ADD COLUMN "plausible_max" double precision DEFAULT 1000000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "indicators" ADD CONSTRAINT "indicators_plausible_range" CHECK ("indicators"."plausible_min" < "indicators"."plausible_max");--> statement-breakpoint
-- Data move (hand-added, issue 18): indicators of existing databases that are the demo catalogue's
-- (same reference, same unit) get its physical ranges (server/demo/telemonitoring-catalogue.ts);
-- any other keeps the wide default until the back office sets its own.
UPDATE "indicators" SET "plausible_min" = r.min, "plausible_max" = r.max
FROM (VALUES ('weight', 'kg', 0.5, 500), ('systolic', 'mm[Hg]', 30, 300), ('diastolic', 'mm[Hg]', 30, 300),
  ('heart_rate', '/min', 20, 300), ('spo2', '%', 0, 100), ('temperature', 'Cel', 25, 45), ('glucose', 'mmol/L', 0.6, 33.3))
  AS r(reference, unit, min, max), "units" u
WHERE "indicators"."reference" = r.reference AND u.id = "indicators"."unit_id" AND u.ucum_code = r.unit;
