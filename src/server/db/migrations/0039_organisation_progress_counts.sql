-- An organisation's dashboard without reading every member (issue 30, decision 065): its counters
-- kept exact by triggers (organisation_progress_counts), its pages walked in name order
-- (users_name_idx), its inactive pairs a range of enrolments_idle_idx.
CREATE TABLE "organisation_progress_counts" (
	"organisation_id" integer NOT NULL,
	"bucket" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "organisation_progress_counts_organisation_id_bucket_pk" PRIMARY KEY("organisation_id","bucket")
);
--> statement-breakpoint
ALTER TABLE "organisation_progress_counts" ADD CONSTRAINT "organisation_progress_counts_organisation_id_organisations_user_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enrolments_idle_idx" ON "enrolments" USING btree ((case when "completed_at" is null then coalesce("last_activity_at", "created_at") end));--> statement-breakpoint
CREATE INDEX "users_name_idx" ON "users" USING btree ("lastname","firstname","id");
--> statement-breakpoint
-- The state of a (member, course) pair, from its enrolment (none: not started). The dashboard's
-- status filter reads the same rule (pairBucket in organisations.service.ts, decision 065).
CREATE FUNCTION organisation_pair_bucket(completed_at timestamptz, last_activity_at timestamptz) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN completed_at IS NOT NULL THEN 'completed' WHEN last_activity_at IS NOT NULL THEN 'in_progress' ELSE 'not_started' END
$$;
--> statement-breakpoint
-- Adds changes (organisation, bucket, difference) to the counters, in (organisation, bucket)
-- order so that concurrent statements never deadlock on them. An organisation being deleted is
-- left alone: its counters go with it.
CREATE FUNCTION organisation_progress_apply(orgs integer[], buckets text[], ds integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO organisation_progress_counts AS c (organisation_id, bucket, n)
    SELECT ch.o, ch.b, sum(ch.d)::int FROM unnest(orgs, buckets, ds) AS ch(o, b, d)
    WHERE EXISTS (SELECT 1 FROM organisations x WHERE x.user_id = ch.o)
    GROUP BY ch.o, ch.b HAVING sum(ch.d) <> 0 ORDER BY ch.o, ch.b
    ON CONFLICT (organisation_id, bucket) DO UPDATE SET n = c.n + excluded.n
$$;
--> statement-breakpoint
-- What active memberships (organisation, learner) add to the counters: the member, each of its
-- pairs by state, or 'unenrolled' when it has none; read against the tables as they are now.
CREATE FUNCTION organisation_member_buckets(orgs integer[], learners integer[])
  RETURNS TABLE (organisation_id integer, bucket text) LANGUAGE sql STABLE AS $$
  WITH m AS (SELECT * FROM unnest(orgs, learners) AS m(organisation_id, user_id))
  SELECT m.organisation_id, 'members' FROM m
  UNION ALL
  SELECT m.organisation_id, organisation_pair_bucket(e.completed_at, e.last_activity_at)
    FROM m JOIN organisation_enrolments oe ON oe.organisation_id = m.organisation_id AND oe.user_id = m.user_id
    LEFT JOIN enrolments e ON e.user_id = oe.user_id AND e.course_id = oe.course_id
  UNION ALL
  SELECT m.organisation_id, 'unenrolled' FROM m
    WHERE NOT EXISTS (SELECT 1 FROM organisation_enrolments oe WHERE oe.organisation_id = m.organisation_id AND oe.user_id = m.user_id)
$$;
--> statement-breakpoint
-- organisation_members: a membership counts while it is active. What the statement's rows
-- counted before is taken off, what they count now is added.
--
-- Inserts and updates are counted per statement, against the other tables as they are after it:
-- exact as long as one statement writes one of the three tables (a data-modifying WITH that wrote
-- two would count wrong). Deletions are counted row by row, before each row goes: a cascade
-- (an account, a course deleted) deletes from the three tables in one statement, and each row
-- must be counted off against what is left at its turn.
CREATE FUNCTION organisation_members_progress() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  new_orgs integer[]; new_users integer[]; old_orgs integer[]; old_users integer[];
  orgs integer[]; buckets text[]; ds integer[];
BEGIN
  SELECT array_agg(organisation_id), array_agg(user_id) INTO new_orgs, new_users FROM new_rows WHERE status = 'active' AND user_id IS NOT NULL;
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg(organisation_id), array_agg(user_id) INTO old_orgs, old_users FROM old_rows WHERE status = 'active' AND user_id IS NOT NULL;
  END IF;
  SELECT array_agg(c.organisation_id), array_agg(c.bucket), array_agg(c.d) INTO orgs, buckets, ds FROM (
    SELECT organisation_id, bucket, 1 AS d FROM organisation_member_buckets(new_orgs, new_users)
    UNION ALL
    SELECT organisation_id, bucket, -1 FROM organisation_member_buckets(old_orgs, old_users)) c;
  PERFORM organisation_progress_apply(orgs, buckets, ds);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- organisation_enrolments: a pair of an active member counts by its state; the member stops
-- (or starts) being 'unenrolled' when its first pair comes (or its last one goes).
CREATE FUNCTION organisation_enrolments_progress() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  orgs integer[]; buckets text[]; ds integer[];
BEGIN
  SELECT array_agg(c.organisation_id), array_agg(c.bucket), array_agg(c.d) INTO orgs, buckets, ds FROM (
    SELECT r.organisation_id, organisation_pair_bucket(e.completed_at, e.last_activity_at) AS bucket, 1 AS d
      FROM new_rows r JOIN organisation_members m ON m.organisation_id = r.organisation_id AND m.user_id = r.user_id AND m.status = 'active'
      LEFT JOIN enrolments e ON e.user_id = r.user_id AND e.course_id = r.course_id
    UNION ALL
    SELECT r.organisation_id, 'unenrolled', -1
      FROM (SELECT organisation_id, user_id, count(*) AS added FROM new_rows GROUP BY organisation_id, user_id) r
      JOIN organisation_members m ON m.organisation_id = r.organisation_id AND m.user_id = r.user_id AND m.status = 'active'
      WHERE (SELECT count(*) FROM organisation_enrolments oe WHERE oe.organisation_id = r.organisation_id AND oe.user_id = r.user_id) = r.added) c;
  PERFORM organisation_progress_apply(orgs, buckets, ds);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- enrolments: a pair's state follows its enrolment; a pair without one is not started.
CREATE FUNCTION enrolments_organisation_progress() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  orgs integer[]; buckets text[]; ds integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(c.organisation_id), array_agg(c.bucket), array_agg(c.d) INTO orgs, buckets, ds FROM (
      SELECT oe.organisation_id, b.bucket, b.d FROM new_rows r
        JOIN organisation_enrolments oe ON oe.user_id = r.user_id AND oe.course_id = r.course_id
        JOIN organisation_members m ON m.organisation_id = oe.organisation_id AND m.user_id = r.user_id AND m.status = 'active'
        CROSS JOIN LATERAL (VALUES (organisation_pair_bucket(r.completed_at, r.last_activity_at), 1), ('not_started', -1)) b(bucket, d)) c;
  ELSE
    -- Only the pairs whose state changed: most updates (the last lesson opened) change none.
    SELECT array_agg(c.organisation_id), array_agg(c.bucket), array_agg(c.d) INTO orgs, buckets, ds FROM (
      SELECT oe.organisation_id, b.bucket, b.d FROM old_rows o
        JOIN new_rows r ON r.user_id = o.user_id AND r.course_id = o.course_id
        JOIN organisation_enrolments oe ON oe.user_id = r.user_id AND oe.course_id = r.course_id
        JOIN organisation_members m ON m.organisation_id = oe.organisation_id AND m.user_id = r.user_id AND m.status = 'active'
        CROSS JOIN LATERAL (VALUES (organisation_pair_bucket(r.completed_at, r.last_activity_at), 1), (organisation_pair_bucket(o.completed_at, o.last_activity_at), -1)) b(bucket, d)
        WHERE organisation_pair_bucket(r.completed_at, r.last_activity_at) <> organisation_pair_bucket(o.completed_at, o.last_activity_at)) c;
  END IF;
  PERFORM organisation_progress_apply(orgs, buckets, ds);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The deletions, row by row (see above): what the row counts is taken off before it goes.
CREATE FUNCTION organisation_members_progress_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF old.status = 'active' AND old.user_id IS NOT NULL THEN
    PERFORM organisation_progress_apply(array_agg(c.organisation_id), array_agg(c.bucket), array_agg(-1))
      FROM organisation_member_buckets(ARRAY[old.organisation_id], ARRAY[old.user_id]) c;
  END IF;
  RETURN old;
END
$$;
--> statement-breakpoint
CREATE FUNCTION organisation_enrolments_progress_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM organisation_members m WHERE m.organisation_id = old.organisation_id AND m.user_id = old.user_id AND m.status = 'active') THEN
    PERFORM organisation_progress_apply(
      ARRAY[old.organisation_id, old.organisation_id],
      ARRAY[coalesce((SELECT organisation_pair_bucket(e.completed_at, e.last_activity_at) FROM enrolments e WHERE e.user_id = old.user_id AND e.course_id = old.course_id), 'not_started'), 'unenrolled'],
      ARRAY[-1, CASE WHEN (SELECT count(*) FROM organisation_enrolments oe WHERE oe.organisation_id = old.organisation_id AND oe.user_id = old.user_id) = 1 THEN 1 ELSE 0 END]);
  END IF;
  RETURN old;
END
$$;
--> statement-breakpoint
CREATE FUNCTION enrolments_organisation_progress_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM organisation_progress_apply(array_agg(b.o), array_agg(b.bucket), array_agg(b.d))
    FROM organisation_enrolments oe
    JOIN organisation_members m ON m.organisation_id = oe.organisation_id AND m.user_id = oe.user_id AND m.status = 'active'
    CROSS JOIN LATERAL (VALUES (oe.organisation_id, organisation_pair_bucket(old.completed_at, old.last_activity_at), -1), (oe.organisation_id, 'not_started', 1)) b(o, bucket, d)
    WHERE oe.user_id = old.user_id AND oe.course_id = old.course_id;
  RETURN old;
END
$$;
--> statement-breakpoint
CREATE TRIGGER organisation_members_progress_insert AFTER INSERT ON organisation_members
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION organisation_members_progress();
--> statement-breakpoint
CREATE TRIGGER organisation_members_progress_update AFTER UPDATE ON organisation_members
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION organisation_members_progress();
--> statement-breakpoint
CREATE TRIGGER organisation_members_progress_delete BEFORE DELETE ON organisation_members
  FOR EACH ROW EXECUTE FUNCTION organisation_members_progress_delete();
--> statement-breakpoint
CREATE TRIGGER organisation_enrolments_progress_insert AFTER INSERT ON organisation_enrolments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION organisation_enrolments_progress();
--> statement-breakpoint
CREATE TRIGGER organisation_enrolments_progress_delete BEFORE DELETE ON organisation_enrolments
  FOR EACH ROW EXECUTE FUNCTION organisation_enrolments_progress_delete();
--> statement-breakpoint
CREATE TRIGGER enrolments_organisation_progress_insert AFTER INSERT ON enrolments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION enrolments_organisation_progress();
--> statement-breakpoint
CREATE TRIGGER enrolments_organisation_progress_update AFTER UPDATE ON enrolments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION enrolments_organisation_progress();
--> statement-breakpoint
CREATE TRIGGER enrolments_organisation_progress_delete BEFORE DELETE ON enrolments
  FOR EACH ROW EXECUTE FUNCTION enrolments_organisation_progress_delete();
--> statement-breakpoint
-- The counters of the organisations that exist already.
SELECT organisation_progress_apply(array_agg(c.organisation_id), array_agg(c.bucket), array_agg(1))
  FROM organisation_member_buckets(
    (SELECT array_agg(organisation_id ORDER BY id) FROM organisation_members WHERE status = 'active' AND user_id IS NOT NULL),
    (SELECT array_agg(user_id ORDER BY id) FROM organisation_members WHERE status = 'active' AND user_id IS NOT NULL)) c;
