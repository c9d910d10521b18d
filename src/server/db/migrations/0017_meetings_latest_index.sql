DROP INDEX "meetings_user_idx";--> statement-breakpoint
CREATE INDEX "meetings_user_idx" ON "meetings" USING btree ("user_id","created_at","id");