CREATE TABLE "meeting_user_count" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "meeting_user_count_single_row" CHECK ("meeting_user_count"."id")
);
--> statement-breakpoint
CREATE TABLE "user_counts" (
	"role" text NOT NULL,
	"is_valid" boolean NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_counts_role_is_valid_pk" PRIMARY KEY("role","is_valid")
);
--> statement-breakpoint
DROP INDEX "users_role_valid_idx";--> statement-breakpoint
DROP INDEX "users_created_at_idx";--> statement-breakpoint
CREATE INDEX "users_created_id_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_role_created_idx" ON "users" USING btree ("role","created_at","id");--> statement-breakpoint
CREATE INDEX "users_valid_created_idx" ON "users" USING btree ("is_valid","created_at","id");--> statement-breakpoint
CREATE INDEX "users_role_valid_created_idx" ON "users" USING btree ("role","is_valid","created_at","id");