CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text DEFAULT '' NOT NULL,
	"organisation_id" integer,
	"buyer" jsonb NOT NULL,
	"course_id" integer,
	"course_title" text NOT NULL,
	"seats" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"convention" jsonb,
	"invoice_id" integer,
	"invoice_number" text,
	CONSTRAINT "quotes_seats_positive" CHECK ("quotes"."seats" > 0),
	CONSTRAINT "quotes_accepted_whole" CHECK (("quotes"."accepted_at" is null) = ("quotes"."convention" is null))
);
--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_organisation_id_organisations_user_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotes_organisation_idx" ON "quotes" USING btree ("organisation_id","created_at");