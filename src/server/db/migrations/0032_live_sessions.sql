CREATE TABLE "calendar_feeds" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"nonce" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_absences" (
	"slot_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"justified_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_absences_slot_id_user_id_pk" PRIMARY KEY("slot_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "live_registrations" (
	"session_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"registered_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_registrations_session_id_user_id_pk" PRIMARY KEY("session_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "live_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"created_by_id" integer,
	"title" text NOT NULL,
	"modality" text NOT NULL,
	"address" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"room_name" text,
	"room_url" text,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_sessions_capacity_positive" CHECK ("live_sessions"."capacity" > 0),
	CONSTRAINT "live_sessions_ends_after_start" CHECK ("live_sessions"."ends_at" > "live_sessions"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "live_signatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"slot_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"method" text NOT NULL,
	"signature_png" text NOT NULL,
	"image_sha256" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"ip_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"countersigned_at" timestamp with time zone,
	"countersigned_by_id" integer,
	"trainer_signature_png" text,
	"trainer_name" text,
	CONSTRAINT "live_slots_ends_after_start" CHECK ("live_slots"."ends_at" > "live_slots"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_kind_known";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_known";--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_absences" ADD CONSTRAINT "live_absences_slot_id_live_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."live_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_absences" ADD CONSTRAINT "live_absences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_absences" ADD CONSTRAINT "live_absences_justified_by_id_users_id_fk" FOREIGN KEY ("justified_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_registrations" ADD CONSTRAINT "live_registrations_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_registrations" ADD CONSTRAINT "live_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_registrations" ADD CONSTRAINT "live_registrations_registered_by_id_users_id_fk" FOREIGN KEY ("registered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_signatures" ADD CONSTRAINT "live_signatures_slot_id_live_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."live_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_signatures" ADD CONSTRAINT "live_signatures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_slots" ADD CONSTRAINT "live_slots_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_slots" ADD CONSTRAINT "live_slots_countersigned_by_id_users_id_fk" FOREIGN KEY ("countersigned_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_unique" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "live_absences_user_idx" ON "live_absences" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "live_registrations_user_idx" ON "live_registrations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "live_sessions_course_idx" ON "live_sessions" USING btree ("course_id","starts_at");--> statement-breakpoint
CREATE INDEX "live_sessions_starts_idx" ON "live_sessions" USING btree ("starts_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "live_sessions_room_unique" ON "live_sessions" USING btree ("room_name");--> statement-breakpoint
CREATE UNIQUE INDEX "live_signatures_unique" ON "live_signatures" USING btree ("slot_id","user_id");--> statement-breakpoint
CREATE INDEX "live_signatures_user_idx" ON "live_signatures" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "live_slots_session_idx" ON "live_slots" USING btree ("session_id","starts_at");--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_kind_known" CHECK ("notification_preferences"."kind" in ('trainer_application', 'trainer_approved', 'trainer_refused', 'interview', 'enrolment_confirmed', 'certificate_issued', 'certificate_revoked', 'organisation_certificate_revoked', 'course_submitted', 'course_published', 'course_changes_requested', 'organisation_member_left', 'organisation_membership_ended', 'organisation_seats_granted', 'organisation_invitation', 'discussion_reply', 'discussion_thread', 'opportunity_response', 'message_received', 'moderation_decision', 'report_decision', 'moderation_queue', 'inactivity_reminder', 'cold_survey', 'complaint_received', 'session_convocation'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_known" CHECK ("notifications"."kind" in ('trainer_application', 'trainer_approved', 'trainer_refused', 'interview', 'enrolment_confirmed', 'certificate_issued', 'certificate_revoked', 'organisation_certificate_revoked', 'course_submitted', 'course_published', 'course_changes_requested', 'organisation_member_left', 'organisation_membership_ended', 'organisation_seats_granted', 'organisation_invitation', 'discussion_reply', 'discussion_thread', 'opportunity_response', 'message_received', 'moderation_decision', 'report_decision', 'moderation_queue', 'inactivity_reminder', 'cold_survey', 'complaint_received', 'session_convocation'));