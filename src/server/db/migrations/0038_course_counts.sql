-- Catalogue counters kept exact by the database (issue 30, decision 055), so that no catalogue
-- page counts 100,000 courses to say how many it lists: one row per (category_slug, status),
-- changed by statement-level triggers that aggregate each statement's rows (as user_counts,
-- migration 0003). Buckets are updated in (category_slug, status) order, so concurrent statements
-- never deadlock on them.
CREATE TABLE "course_counts" (
	"category_slug" text NOT NULL,
	"status" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "course_counts_category_slug_status_pk" PRIMARY KEY("category_slug","status")
);
--> statement-breakpoint
CREATE FUNCTION course_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO course_counts AS c (category_slug, status, n)
      SELECT category_slug, status, count(*)::int FROM new_rows GROUP BY category_slug, status ORDER BY category_slug, status
      ON CONFLICT (category_slug, status) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO course_counts AS c (category_slug, status, n)
      SELECT category_slug, status, -count(*)::int FROM old_rows GROUP BY category_slug, status ORDER BY category_slug, status
      ON CONFLICT (category_slug, status) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO course_counts AS c (category_slug, status, n)
      SELECT category_slug, status, sum(d)::int FROM (
        SELECT category_slug, status, 1 AS d FROM new_rows
        UNION ALL
        SELECT category_slug, status, -1 AS d FROM old_rows
      ) AS changes
      GROUP BY category_slug, status HAVING sum(d) <> 0 ORDER BY category_slug, status
      ON CONFLICT (category_slug, status) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'TRUNCATE' THEN
    UPDATE course_counts SET n = 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER courses_counts_insert AFTER INSERT ON courses
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION course_counts_apply();
--> statement-breakpoint
CREATE TRIGGER courses_counts_update AFTER UPDATE ON courses
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION course_counts_apply();
--> statement-breakpoint
CREATE TRIGGER courses_counts_delete AFTER DELETE ON courses
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION course_counts_apply();
--> statement-breakpoint
CREATE TRIGGER courses_counts_truncate AFTER TRUNCATE ON courses
  FOR EACH STATEMENT EXECUTE FUNCTION course_counts_apply();
--> statement-breakpoint
INSERT INTO course_counts (category_slug, status, n)
  SELECT category_slug, status, count(*)::int FROM courses GROUP BY category_slug, status;
--> statement-breakpoint
-- A theme's courses, newest first: a search or a list within one theme walks only that theme's
-- rows until its page (or its CATALOGUE_SEARCH_CAP candidates) is found, instead of the whole
-- catalogue's newest-first index (decision 055). Its prefix serves what courses_category_idx did.
DROP INDEX "courses_category_idx";
--> statement-breakpoint
CREATE INDEX "courses_category_status_created_idx" ON "courses" USING btree ("category_slug","status","created_at","id");
