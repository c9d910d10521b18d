CREATE TABLE "organisation_enrolments" (
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_enrolments_organisation_id_user_id_course_id_pk" PRIMARY KEY("organisation_id","user_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "organisation_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"email" text NOT NULL,
	"user_id" integer,
	"status" text DEFAULT 'invited' NOT NULL,
	"token_hash" text,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"joined_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "organisation_members_status_known" CHECK ("organisation_members"."status" in ('invited', 'active', 'declined', 'left', 'removed')),
	CONSTRAINT "organisation_members_active_has_user" CHECK ("organisation_members"."status" <> 'active' or "organisation_members"."user_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "organisation_seats" (
	"organisation_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"seats" integer NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_seats_organisation_id_course_id_pk" PRIMARY KEY("organisation_id","course_id"),
	CONSTRAINT "organisation_seats_within_pool" CHECK ("organisation_seats"."used" >= 0 and "organisation_seats"."seats" >= 0 and "organisation_seats"."used" <= "organisation_seats"."seats")
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"siret" text NOT NULL,
	"sector" text NOT NULL,
	"size_band" text NOT NULL,
	"address" text NOT NULL,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"contact_email" text NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisations_siret_digits" CHECK ("organisations"."siret" ~ '^[0-9]{14}$')
);
--> statement-breakpoint
ALTER TABLE "organisation_enrolments" ADD CONSTRAINT "organisation_enrolments_organisation_id_organisations_user_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_enrolments" ADD CONSTRAINT "organisation_enrolments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_enrolments" ADD CONSTRAINT "organisation_enrolments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_members" ADD CONSTRAINT "organisation_members_organisation_id_organisations_user_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_members" ADD CONSTRAINT "organisation_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_seats" ADD CONSTRAINT "organisation_seats_organisation_id_organisations_user_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_seats" ADD CONSTRAINT "organisation_seats_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organisation_enrolments_course_idx" ON "organisation_enrolments" USING btree ("organisation_id","course_id");--> statement-breakpoint
CREATE INDEX "organisation_enrolments_user_idx" ON "organisation_enrolments" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_members_email_unique" ON "organisation_members" USING btree ("organisation_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_members_token_unique" ON "organisation_members" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_members_active_user_unique" ON "organisation_members" USING btree ("organisation_id","user_id") WHERE "organisation_members"."status" = 'active';--> statement-breakpoint
CREATE INDEX "organisation_members_org_status_idx" ON "organisation_members" USING btree ("organisation_id","status","invited_at");--> statement-breakpoint
CREATE INDEX "organisation_members_user_idx" ON "organisation_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "organisation_seats_course_idx" ON "organisation_seats" USING btree ("course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organisations_siret_unique" ON "organisations" USING btree ("siret");