CREATE TABLE "directory_entries" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"visible" boolean DEFAULT false NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"accepts_messages" boolean DEFAULT false NOT NULL,
	"headline" text,
	"region" text,
	"domains" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bio" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opportunities" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"region" text NOT NULL,
	"domains" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"location" text,
	"remote" boolean DEFAULT false NOT NULL,
	"deadline" date,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opportunity_digests" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"domains" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opportunity_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"opportunity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"certificate_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_kind_known";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_known";--> statement-breakpoint
ALTER TABLE "directory_entries" ADD CONSTRAINT "directory_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_digests" ADD CONSTRAINT "opportunity_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_responses" ADD CONSTRAINT "opportunity_responses_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_responses" ADD CONSTRAINT "opportunity_responses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "directory_entries_visible_idx" ON "directory_entries" USING btree ("visible","region");--> statement-breakpoint
CREATE INDEX "opportunities_created_idx" ON "opportunities" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "opportunities_owner_idx" ON "opportunities" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "opportunity_responses_unique" ON "opportunity_responses" USING btree ("opportunity_id","user_id");--> statement-breakpoint
CREATE INDEX "opportunity_responses_user_idx" ON "opportunity_responses" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_kind_known" CHECK ("notification_preferences"."kind" in ('trainer_application', 'trainer_approved', 'trainer_refused', 'interview', 'enrolment_confirmed', 'certificate_issued', 'certificate_revoked', 'organisation_certificate_revoked', 'course_submitted', 'course_published', 'course_changes_requested', 'organisation_member_left', 'organisation_membership_ended', 'organisation_seats_granted', 'organisation_invitation', 'discussion_reply', 'discussion_thread', 'opportunity_response'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_known" CHECK ("notifications"."kind" in ('trainer_application', 'trainer_approved', 'trainer_refused', 'interview', 'enrolment_confirmed', 'certificate_issued', 'certificate_revoked', 'organisation_certificate_revoked', 'course_submitted', 'course_published', 'course_changes_requested', 'organisation_member_left', 'organisation_membership_ended', 'organisation_seats_granted', 'organisation_invitation', 'discussion_reply', 'discussion_thread', 'opportunity_response'));