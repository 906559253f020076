-- Each alert's single comment (the one a later comment used to replace) becomes the first comment
-- of its thread, with the author and time of the history entry that recorded it (ALERT_COMMENTED),
-- else the alert's last change.
INSERT INTO "alert_comments" ("alert_id", "text", "author_id", "created_at")
SELECT a."id", a."comment", coalesce(h."actor_id", a."updated_by"), coalesce(h."occurred_at", a."updated_at", a."raised_at")
FROM "alerts" a
LEFT JOIN LATERAL (
  SELECT e."actor_id", e."occurred_at" FROM "patient_file_history" e
  WHERE e."patient_file_id" = a."patient_file_id" AND e."type" = 'ALERT_COMMENTED' AND e."payload"->>'alertId' = a."id"::text
  ORDER BY e."occurred_at" DESC LIMIT 1
) h ON true
WHERE a."comment" IS NOT NULL;
