CREATE TABLE "cold_survey_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"practice" text NOT NULL,
	"effect" text NOT NULL,
	"rating" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cold_survey_answers_rating_range" CHECK ("cold_survey_answers"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"description" text NOT NULL,
	"course_id" integer,
	"status" text DEFAULT 'new' NOT NULL,
	"answer" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"taken_at" timestamp with time zone,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "follow_up_mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"enrolment_id" integer NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "improvement_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"owner" text NOT NULL,
	"due" date NOT NULL,
	"status" text DEFAULT 'planned' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "improvement_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"action_id" integer NOT NULL,
	"complaint_id" integer,
	"survey_answer_id" integer,
	CONSTRAINT "improvement_sources_one_source" CHECK (("improvement_sources"."complaint_id" is null) <> ("improvement_sources"."survey_answer_id" is null))
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_kind_known";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_known";--> statement-breakpoint
ALTER TABLE "enrolments" ADD COLUMN "id" serial NOT NULL;--> statement-breakpoint
ALTER TABLE "enrolments" ADD COLUMN "last_activity_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_id_unique" UNIQUE("id");--> statement-breakpoint
ALTER TABLE "cold_survey_answers" ADD CONSTRAINT "cold_survey_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cold_survey_answers" ADD CONSTRAINT "cold_survey_answers_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_mails" ADD CONSTRAINT "follow_up_mails_enrolment_id_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."enrolments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "improvement_sources" ADD CONSTRAINT "improvement_sources_action_id_improvement_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."improvement_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "improvement_sources" ADD CONSTRAINT "improvement_sources_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "improvement_sources" ADD CONSTRAINT "improvement_sources_survey_answer_id_cold_survey_answers_id_fk" FOREIGN KEY ("survey_answer_id") REFERENCES "public"."cold_survey_answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cold_survey_answers_user_course_idx" ON "cold_survey_answers" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE INDEX "cold_survey_answers_created_idx" ON "cold_survey_answers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "complaints_status_idx" ON "complaints" USING btree ("status","received_at");--> statement-breakpoint
CREATE INDEX "complaints_user_idx" ON "complaints" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "complaints_received_idx" ON "complaints" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "follow_up_mails_enrolment_kind_idx" ON "follow_up_mails" USING btree ("enrolment_id","kind");--> statement-breakpoint
CREATE INDEX "improvement_sources_action_idx" ON "improvement_sources" USING btree ("action_id");--> statement-breakpoint
CREATE UNIQUE INDEX "improvement_sources_complaint_idx" ON "improvement_sources" USING btree ("action_id","complaint_id");--> statement-breakpoint
CREATE UNIQUE INDEX "improvement_sources_survey_idx" ON "improvement_sources" USING btree ("action_id","survey_answer_id");--> statement-breakpoint
CREATE INDEX "improvement_sources_complaint_lookup_idx" ON "improvement_sources" USING btree ("complaint_id");--> statement-breakpoint
CREATE INDEX "improvement_sources_survey_lookup_idx" ON "improvement_sources" USING btree ("survey_answer_id");--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_kind_known" CHECK ("notification_preferences"."kind" in ('trainer_application', 'trainer_approved', 'trainer_refused', 'interview', 'enrolment_confirmed', 'certificate_issued', 'certificate_revoked', 'organisation_certificate_revoked', 'course_submitted', 'course_published', 'course_changes_requested', 'organisation_member_left', 'organisation_membership_ended', 'organisation_seats_granted', 'organisation_invitation', 'discussion_reply', 'discussion_thread', 'opportunity_response', 'message_received', 'moderation_decision', 'report_decision', 'moderation_queue', 'inactivity_reminder', 'cold_survey', 'complaint_received'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_known" CHECK ("notifications"."kind" in ('trainer_application', 'trainer_approved', 'trainer_refused', 'interview', 'enrolment_confirmed', 'certificate_issued', 'certificate_revoked', 'organisation_certificate_revoked', 'course_submitted', 'course_published', 'course_changes_requested', 'organisation_member_left', 'organisation_membership_ended', 'organisation_seats_granted', 'organisation_invitation', 'discussion_reply', 'discussion_thread', 'opportunity_response', 'message_received', 'moderation_decision', 'report_decision', 'moderation_queue', 'inactivity_reminder', 'cold_survey', 'complaint_received'));