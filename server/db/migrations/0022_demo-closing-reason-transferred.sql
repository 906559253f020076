-- The demo closed a file with `TRANSFER`, a type the API does not know (`TRANSFERRED`): that file's status answered 500.
UPDATE "patient_files" SET "closing_reason_type" = 'TRANSFERRED' WHERE "closing_reason_type" = 'TRANSFER';
--> statement-breakpoint
-- Its history said the same (FILE_CLOSED, written by the demo's provisioning).
UPDATE "patient_file_history" SET "payload" = jsonb_set("payload", '{closingReasonType}', '"TRANSFERRED"') WHERE "payload"->>'closingReasonType' = 'TRANSFER';
