CREATE TABLE "satisfaction_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"rating" integer NOT NULL,
	"comment" text,
	"comment_hidden_at" timestamp with time zone,
	"comment_hidden_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "satisfaction_answers_rating_range" CHECK ("satisfaction_answers"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "satisfaction_answers" ADD CONSTRAINT "satisfaction_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "satisfaction_answers" ADD CONSTRAINT "satisfaction_answers_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "satisfaction_answers" ADD CONSTRAINT "satisfaction_answers_comment_hidden_by_id_users_id_fk" FOREIGN KEY ("comment_hidden_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "satisfaction_answers_user_course_unique" ON "satisfaction_answers" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE INDEX "satisfaction_answers_course_rating_idx" ON "satisfaction_answers" USING btree ("course_id","rating");--> statement-breakpoint
CREATE INDEX "satisfaction_answers_created_idx" ON "satisfaction_answers" USING btree ("created_at","id");