ALTER TABLE "courses" ADD COLUMN "bpf_objective" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "nsf_code" text;--> statement-breakpoint
ALTER TABLE "enrolments" ADD COLUMN "trainee_type" text;--> statement-breakpoint
ALTER TABLE "enrolments" ADD COLUMN "funding_line" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "trainer_status" text;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_bpf_objective_known" CHECK (bpf_objective is null or bpf_objective in ('rncp_6_8', 'rncp_5', 'rncp_4', 'rncp_3', 'rncp_2', 'rncp_cqp', 'rs', 'cqp', 'other', 'skills_review', 'vae'));--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_nsf_code_known" CHECK (nsf_code is null or nsf_code in ('100', '120', '128', '200', '210', '211', '212', '213', '214', '220', '221', '227', '230', '232', '233', '250', '255', '310', '311', '312', '313', '314', '315', '320', '326', '330', '331', '333', '341', '343', '344', '410', '413', '415'));--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_trainee_type_known" CHECK (trainee_type is null or trainee_type in ('private_employee', 'apprentice', 'job_seeker', 'self_funded', 'other'));--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_funding_line_known" CHECK (funding_line is null or funding_line in ('c1', 'c2a', 'c2b', 'c2c', 'c2d', 'c2e', 'c2f', 'c2g', 'c2h', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8', 'c9', 'c10', 'c11'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_trainer_status_known" CHECK ("users"."trainer_status" is null or "users"."trainer_status" in ('internal', 'external'));