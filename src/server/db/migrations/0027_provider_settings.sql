CREATE TABLE "provider_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"legal_name" text,
	"siret" text,
	"nda" text,
	"address" text,
	"postal_code" text,
	"city" text,
	"legal_representative" text,
	"signature_path" text,
	"complaints_contact" text,
	"disability_referent" text,
	"vat_regime" text,
	"inactivity_reminder_days" integer DEFAULT 7 NOT NULL,
	"cold_survey_days" integer DEFAULT 60 NOT NULL,
	"evidence_retention_years" integer DEFAULT 6 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_settings_single_row" CHECK ("provider_settings"."id" = 1)
);
