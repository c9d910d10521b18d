CREATE TABLE "evidence_archive_files" (
	"archive_id" integer NOT NULL,
	"path" text NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "evidence_archive_files_archive_id_path_pk" PRIMARY KEY("archive_id","path")
);
--> statement-breakpoint
CREATE TABLE "evidence_archives" (
	"id" serial PRIMARY KEY NOT NULL,
	"enrolment_id" integer NOT NULL,
	"course_id" integer,
	"course_title" text NOT NULL,
	"learner_name" text NOT NULL,
	"enrolled_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"archived_at" timestamp with time zone DEFAULT now() NOT NULL,
	"keep_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "evidence_archive_files" ADD CONSTRAINT "evidence_archive_files_archive_id_evidence_archives_id_fk" FOREIGN KEY ("archive_id") REFERENCES "public"."evidence_archives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_archives" ADD CONSTRAINT "evidence_archives_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evidence_archives_course_idx" ON "evidence_archives" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "evidence_archives_keep_until_idx" ON "evidence_archives" USING btree ("keep_until");