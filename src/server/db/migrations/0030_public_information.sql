ALTER TABLE "courses" ADD COLUMN "access_delay" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "teaching_methods" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "accessibility" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "contact" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "certification_code" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "certification_certifier" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "certification_registered_on" date;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "public_info_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "positioning" boolean DEFAULT false NOT NULL;