CREATE TABLE "organisation_invitation_mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_kind_known";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_known";--> statement-breakpoint
ALTER TABLE "organisation_members" ADD COLUMN "invited_firstname" text;--> statement-breakpoint
ALTER TABLE "organisation_members" ADD COLUMN "invited_lastname" text;--> statement-breakpoint
ALTER TABLE "organisation_invitation_mails" ADD CONSTRAINT "organisation_invitation_mails_organisation_id_organisations_user_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organisation_invitation_mails_org_idx" ON "organisation_invitation_mails" USING btree ("organisation_id","sent_at");--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_kind_known" CHECK ("notification_preferences"."kind" in ('trainer_application', 'trainer_approved', 'trainer_refused', 'interview', 'enrolment_confirmed', 'certificate_issued', 'course_published', 'course_changes_requested', 'organisation_member_left', 'organisation_membership_ended', 'organisation_seats_granted', 'organisation_invitation'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_known" CHECK ("notifications"."kind" in ('trainer_application', 'trainer_approved', 'trainer_refused', 'interview', 'enrolment_confirmed', 'certificate_issued', 'course_published', 'course_changes_requested', 'organisation_member_left', 'organisation_membership_ended', 'organisation_seats_granted', 'organisation_invitation'));