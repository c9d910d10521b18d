ALTER TABLE "courses" ADD COLUMN "bpf_objective" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "nsf_code" text;--> statement-breakpoint
ALTER TABLE "enrolments" ADD COLUMN "trainee_type" text;--> statement-breakpoint
ALTER TABLE "enrolments" ADD COLUMN "funding_line" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "trainer_status" text;