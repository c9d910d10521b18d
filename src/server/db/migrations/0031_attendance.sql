CREATE TABLE "attendance_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_beat_at" timestamp with time zone NOT NULL,
	"last_seq" bigint NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	"lesson_seconds" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "attendance_sessions_seconds_positive" CHECK ("attendance_sessions"."seconds" >= 0)
);
--> statement-breakpoint
ALTER TABLE "attendance_sessions" ADD CONSTRAINT "attendance_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_sessions" ADD CONSTRAINT "attendance_sessions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_sessions_user_course_idx" ON "attendance_sessions" USING btree ("user_id","course_id","started_at");--> statement-breakpoint
CREATE INDEX "attendance_sessions_course_idx" ON "attendance_sessions" USING btree ("course_id");