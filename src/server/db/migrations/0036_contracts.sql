CREATE TABLE "contract_instalments" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"due_on" date,
	"due_progress" integer,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"invoice_id" integer,
	"invoiced_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	CONSTRAINT "contract_instalments_due" CHECK (("contract_instalments"."due_on" is null) <> ("contract_instalments"."due_progress" is null)),
	CONSTRAINT "contract_instalments_amount" CHECK ("contract_instalments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "training_contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"enrolment_id" integer,
	"price_cents" integer NOT NULL,
	"document_text" text NOT NULL,
	"document_sha256" text NOT NULL,
	"full_name" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"ip_hash" text NOT NULL,
	"user_agent" text NOT NULL,
	"withdrawal_until" date NOT NULL,
	"waiver" boolean DEFAULT false NOT NULL,
	"access_from" timestamp with time zone NOT NULL,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "courses" DROP CONSTRAINT "courses_price_positive";--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_kind_known";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_known";--> statement-breakpoint
ALTER TABLE "enrolments" ADD COLUMN "access_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contract_instalments" ADD CONSTRAINT "contract_instalments_contract_id_training_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."training_contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_contracts" ADD CONSTRAINT "training_contracts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_contracts" ADD CONSTRAINT "training_contracts_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_instalments_contract_idx" ON "contract_instalments" USING btree ("contract_id","position");--> statement-breakpoint
CREATE INDEX "contract_instalments_status_idx" ON "contract_instalments" USING btree ("status");--> statement-breakpoint
CREATE INDEX "training_contracts_user_idx" ON "training_contracts" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "training_contracts_live_idx" ON "training_contracts" USING btree ("user_id","course_id") WHERE "training_contracts"."withdrawn_at" is null;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_price_positive" CHECK ("courses"."price_cents" >= 0);--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_kind_known" CHECK ("notification_preferences"."kind" in ('trainer_application', 'trainer_approved', 'trainer_refused', 'interview', 'enrolment_confirmed', 'certificate_issued', 'certificate_revoked', 'organisation_certificate_revoked', 'course_submitted', 'course_published', 'course_changes_requested', 'organisation_member_left', 'organisation_membership_ended', 'organisation_seats_granted', 'organisation_invitation', 'discussion_reply', 'discussion_thread', 'opportunity_response', 'message_received', 'moderation_decision', 'report_decision', 'moderation_queue', 'inactivity_reminder', 'cold_survey', 'complaint_received', 'session_convocation', 'instalment_invoiced'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_known" CHECK ("notifications"."kind" in ('trainer_application', 'trainer_approved', 'trainer_refused', 'interview', 'enrolment_confirmed', 'certificate_issued', 'certificate_revoked', 'organisation_certificate_revoked', 'course_submitted', 'course_published', 'course_changes_requested', 'organisation_member_left', 'organisation_membership_ended', 'organisation_seats_granted', 'organisation_invitation', 'discussion_reply', 'discussion_thread', 'opportunity_response', 'message_received', 'moderation_decision', 'report_decision', 'moderation_queue', 'inactivity_reminder', 'cold_survey', 'complaint_received', 'session_convocation', 'instalment_invoiced'));