CREATE TABLE "alert_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_file_id" uuid NOT NULL,
	"source" text NOT NULL,
	"form_response_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_statuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"establishment_id" uuid NOT NULL,
	"name" jsonb NOT NULL,
	"closes_alert" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"patient_file_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"level_id" uuid,
	"indicator_id" uuid,
	"measure_id" uuid,
	"boundary_id" uuid,
	"rule_id" uuid,
	"patient_file_form_id" uuid,
	"occurrence_id" uuid,
	"crossing" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"alert_status_id" uuid,
	"comment" text,
	"raised_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" uuid,
	"closed_at" timestamp with time zone,
	"closed_by" uuid
);
--> statement-breakpoint
CREATE TABLE "chart_displays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_file_id" uuid NOT NULL,
	"title" text,
	"indicator_ids" uuid[] NOT NULL,
	"chart_type" text DEFAULT 'line' NOT NULL,
	"period_days" integer DEFAULT 30 NOT NULL,
	"visible_to_patient" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"excluded_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "indicator_boundaries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"indicator_id" uuid NOT NULL,
	"protocol_id" uuid,
	"patient_file_id" uuid,
	"patient_file_protocol_id" uuid,
	"level_id" uuid NOT NULL,
	"operator" text NOT NULL,
	"mode" text DEFAULT 'ABSOLUTE' NOT NULL,
	"value" double precision NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "indicator_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"establishment_id" uuid NOT NULL,
	"name" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "indicator_values_table_settings" (
	"patient_file_id" uuid PRIMARY KEY NOT NULL,
	"indicator_ids" uuid[] NOT NULL,
	"start_date" date,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "indicators" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"establishment_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"name" jsonb NOT NULL,
	"type_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	"reference_value" integer,
	"decimals" integer DEFAULT 1 NOT NULL,
	"molecular_weight" double precision,
	"visible_to_patients" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intervention_levels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"establishment_id" uuid NOT NULL,
	"name" jsonb NOT NULL,
	"rank" integer NOT NULL,
	"colour" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "measures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_file_id" uuid NOT NULL,
	"indicator_id" uuid NOT NULL,
	"value" double precision NOT NULL,
	"entered_value" double precision NOT NULL,
	"entered_unit" text NOT NULL,
	"measured_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"recorded_by" uuid,
	"on_behalf_of" uuid,
	"source" text NOT NULL,
	"form_response_id" uuid
);
--> statement-breakpoint
CREATE TABLE "non_observance_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"protocol_id" uuid,
	"patient_file_id" uuid,
	"patient_file_protocol_id" uuid,
	"indicator_ids" uuid[] NOT NULL,
	"period_in_days" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"overridden" boolean DEFAULT false NOT NULL,
	"excluded_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "patient_file_protocols" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_file_id" uuid NOT NULL,
	"protocol_id" uuid NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"applied_at" timestamp with time zone NOT NULL,
	"applied_by" uuid,
	"excluded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "person_intervention_levels" (
	"person_id" uuid NOT NULL,
	"level_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "person_intervention_levels_person_id_level_id_service_id_pk" PRIMARY KEY("person_id","level_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "protocol_forms" (
	"protocol_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"planning" jsonb,
	CONSTRAINT "protocol_forms_protocol_id_form_id_pk" PRIMARY KEY("protocol_id","form_id")
);
--> statement-breakpoint
CREATE TABLE "protocol_services" (
	"protocol_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	CONSTRAINT "protocol_services_protocol_id_service_id_pk" PRIMARY KEY("protocol_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "protocols" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"establishment_id" uuid NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reference_values" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_file_id" uuid NOT NULL,
	"indicator_id" uuid NOT NULL,
	"value" double precision NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deactivated_at" timestamp with time zone,
	"deactivated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "units" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"establishment_id" uuid NOT NULL,
	"ucum_code" text NOT NULL,
	"name" jsonb NOT NULL,
	"symbol" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_batches" ADD CONSTRAINT "alert_batches_patient_file_id_patient_files_id_fk" FOREIGN KEY ("patient_file_id") REFERENCES "public"."patient_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_batches" ADD CONSTRAINT "alert_batches_form_response_id_form_responses_id_fk" FOREIGN KEY ("form_response_id") REFERENCES "public"."form_responses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_statuses" ADD CONSTRAINT "alert_statuses_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_batch_id_alert_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."alert_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_patient_file_id_patient_files_id_fk" FOREIGN KEY ("patient_file_id") REFERENCES "public"."patient_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_level_id_intervention_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."intervention_levels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_indicator_id_indicators_id_fk" FOREIGN KEY ("indicator_id") REFERENCES "public"."indicators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_measure_id_measures_id_fk" FOREIGN KEY ("measure_id") REFERENCES "public"."measures"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_boundary_id_indicator_boundaries_id_fk" FOREIGN KEY ("boundary_id") REFERENCES "public"."indicator_boundaries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_patient_file_form_id_patient_file_forms_id_fk" FOREIGN KEY ("patient_file_form_id") REFERENCES "public"."patient_file_forms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_occurrence_id_form_occurrences_id_fk" FOREIGN KEY ("occurrence_id") REFERENCES "public"."form_occurrences"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_alert_status_id_alert_statuses_id_fk" FOREIGN KEY ("alert_status_id") REFERENCES "public"."alert_statuses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chart_displays" ADD CONSTRAINT "chart_displays_patient_file_id_patient_files_id_fk" FOREIGN KEY ("patient_file_id") REFERENCES "public"."patient_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chart_displays" ADD CONSTRAINT "chart_displays_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "indicator_boundaries" ADD CONSTRAINT "indicator_boundaries_indicator_id_indicators_id_fk" FOREIGN KEY ("indicator_id") REFERENCES "public"."indicators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "indicator_boundaries" ADD CONSTRAINT "indicator_boundaries_protocol_id_protocols_id_fk" FOREIGN KEY ("protocol_id") REFERENCES "public"."protocols"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "indicator_boundaries" ADD CONSTRAINT "indicator_boundaries_patient_file_id_patient_files_id_fk" FOREIGN KEY ("patient_file_id") REFERENCES "public"."patient_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "indicator_boundaries" ADD CONSTRAINT "indicator_boundaries_patient_file_protocol_id_patient_file_protocols_id_fk" FOREIGN KEY ("patient_file_protocol_id") REFERENCES "public"."patient_file_protocols"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "indicator_boundaries" ADD CONSTRAINT "indicator_boundaries_level_id_intervention_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."intervention_levels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "indicator_boundaries" ADD CONSTRAINT "indicator_boundaries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "indicator_types" ADD CONSTRAINT "indicator_types_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "indicator_values_table_settings" ADD CONSTRAINT "indicator_values_table_settings_patient_file_id_patient_files_id_fk" FOREIGN KEY ("patient_file_id") REFERENCES "public"."patient_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "indicator_values_table_settings" ADD CONSTRAINT "indicator_values_table_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "indicators" ADD CONSTRAINT "indicators_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "indicators" ADD CONSTRAINT "indicators_type_id_indicator_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."indicator_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "indicators" ADD CONSTRAINT "indicators_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intervention_levels" ADD CONSTRAINT "intervention_levels_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measures" ADD CONSTRAINT "measures_patient_file_id_patient_files_id_fk" FOREIGN KEY ("patient_file_id") REFERENCES "public"."patient_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measures" ADD CONSTRAINT "measures_indicator_id_indicators_id_fk" FOREIGN KEY ("indicator_id") REFERENCES "public"."indicators"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measures" ADD CONSTRAINT "measures_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measures" ADD CONSTRAINT "measures_on_behalf_of_users_id_fk" FOREIGN KEY ("on_behalf_of") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measures" ADD CONSTRAINT "measures_form_response_id_form_responses_id_fk" FOREIGN KEY ("form_response_id") REFERENCES "public"."form_responses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "non_observance_rules" ADD CONSTRAINT "non_observance_rules_protocol_id_protocols_id_fk" FOREIGN KEY ("protocol_id") REFERENCES "public"."protocols"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "non_observance_rules" ADD CONSTRAINT "non_observance_rules_patient_file_id_patient_files_id_fk" FOREIGN KEY ("patient_file_id") REFERENCES "public"."patient_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "non_observance_rules" ADD CONSTRAINT "non_observance_rules_patient_file_protocol_id_patient_file_protocols_id_fk" FOREIGN KEY ("patient_file_protocol_id") REFERENCES "public"."patient_file_protocols"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "non_observance_rules" ADD CONSTRAINT "non_observance_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_file_protocols" ADD CONSTRAINT "patient_file_protocols_patient_file_id_patient_files_id_fk" FOREIGN KEY ("patient_file_id") REFERENCES "public"."patient_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_file_protocols" ADD CONSTRAINT "patient_file_protocols_protocol_id_protocols_id_fk" FOREIGN KEY ("protocol_id") REFERENCES "public"."protocols"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_file_protocols" ADD CONSTRAINT "patient_file_protocols_applied_by_users_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_intervention_levels" ADD CONSTRAINT "person_intervention_levels_person_id_users_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_intervention_levels" ADD CONSTRAINT "person_intervention_levels_level_id_intervention_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."intervention_levels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_intervention_levels" ADD CONSTRAINT "person_intervention_levels_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocol_forms" ADD CONSTRAINT "protocol_forms_protocol_id_protocols_id_fk" FOREIGN KEY ("protocol_id") REFERENCES "public"."protocols"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocol_forms" ADD CONSTRAINT "protocol_forms_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocol_services" ADD CONSTRAINT "protocol_services_protocol_id_protocols_id_fk" FOREIGN KEY ("protocol_id") REFERENCES "public"."protocols"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocol_services" ADD CONSTRAINT "protocol_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocols" ADD CONSTRAINT "protocols_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocols" ADD CONSTRAINT "protocols_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_values" ADD CONSTRAINT "reference_values_patient_file_id_patient_files_id_fk" FOREIGN KEY ("patient_file_id") REFERENCES "public"."patient_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_values" ADD CONSTRAINT "reference_values_indicator_id_indicators_id_fk" FOREIGN KEY ("indicator_id") REFERENCES "public"."indicators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_values" ADD CONSTRAINT "reference_values_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_values" ADD CONSTRAINT "reference_values_deactivated_by_users_id_fk" FOREIGN KEY ("deactivated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_batches_file_idx" ON "alert_batches" USING btree ("patient_file_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "alert_statuses_name_idx" ON "alert_statuses" USING btree ("establishment_id",lower("name" ->> 'fr'));--> statement-breakpoint
CREATE INDEX "alerts_service_raised_idx" ON "alerts" USING btree ("service_id","raised_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "alerts_service_status_raised_idx" ON "alerts" USING btree ("service_id","status","raised_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "alerts_file_idx" ON "alerts" USING btree ("patient_file_id","raised_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "alerts_batch_idx" ON "alerts" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "alerts_rule_idx" ON "alerts" USING btree ("rule_id","raised_at" DESC NULLS LAST) WHERE "alerts"."rule_id" is not null;--> statement-breakpoint
CREATE INDEX "alerts_occurrence_idx" ON "alerts" USING btree ("occurrence_id") WHERE "alerts"."occurrence_id" is not null;--> statement-breakpoint
CREATE INDEX "chart_displays_file_idx" ON "chart_displays" USING btree ("patient_file_id","position");--> statement-breakpoint
CREATE INDEX "indicator_boundaries_indicator_idx" ON "indicator_boundaries" USING btree ("indicator_id");--> statement-breakpoint
CREATE INDEX "indicator_boundaries_file_idx" ON "indicator_boundaries" USING btree ("patient_file_id","indicator_id");--> statement-breakpoint
CREATE INDEX "indicator_boundaries_protocol_idx" ON "indicator_boundaries" USING btree ("protocol_id");--> statement-breakpoint
CREATE UNIQUE INDEX "indicator_types_name_idx" ON "indicator_types" USING btree ("establishment_id",lower("name" ->> 'fr'));--> statement-breakpoint
CREATE UNIQUE INDEX "indicators_reference_idx" ON "indicators" USING btree ("establishment_id","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "indicators_name_idx" ON "indicators" USING btree ("establishment_id",lower("name" ->> 'fr'));--> statement-breakpoint
CREATE UNIQUE INDEX "intervention_levels_name_idx" ON "intervention_levels" USING btree ("establishment_id",lower("name" ->> 'fr'));--> statement-breakpoint
CREATE INDEX "measures_file_indicator_idx" ON "measures" USING btree ("patient_file_id","indicator_id","measured_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "measures_response_idx" ON "measures" USING btree ("form_response_id") WHERE "measures"."form_response_id" is not null;--> statement-breakpoint
CREATE INDEX "non_observance_rules_file_idx" ON "non_observance_rules" USING btree ("patient_file_id");--> statement-breakpoint
CREATE INDEX "non_observance_rules_protocol_idx" ON "non_observance_rules" USING btree ("protocol_id");--> statement-breakpoint
CREATE UNIQUE INDEX "patient_file_protocols_idx" ON "patient_file_protocols" USING btree ("patient_file_id","protocol_id");--> statement-breakpoint
CREATE INDEX "person_intervention_levels_service_idx" ON "person_intervention_levels" USING btree ("service_id","level_id");--> statement-breakpoint
CREATE INDEX "protocol_services_service_idx" ON "protocol_services" USING btree ("service_id");--> statement-breakpoint
CREATE UNIQUE INDEX "protocols_name_idx" ON "protocols" USING btree ("establishment_id",lower("name" ->> 'fr'));--> statement-breakpoint
CREATE UNIQUE INDEX "reference_values_active_idx" ON "reference_values" USING btree ("patient_file_id","indicator_id") WHERE "reference_values"."deactivated_at" is null;--> statement-breakpoint
CREATE INDEX "reference_values_file_idx" ON "reference_values" USING btree ("patient_file_id","indicator_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "units_name_idx" ON "units" USING btree ("establishment_id",lower("name" ->> 'fr'));--> statement-breakpoint
CREATE UNIQUE INDEX "units_symbol_idx" ON "units" USING btree ("establishment_id","symbol");