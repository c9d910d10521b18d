-- Dashboard counters kept exact by the database, so no request counts 100,000 rows.
--
-- user_counts: one row per (role, is_valid), changed by statement-level triggers that aggregate
-- each statement's rows, so a bulk insert costs one update per bucket, not one per row.
-- Buckets are updated in (role, is_valid) order, so concurrent statements never deadlock on them.
CREATE FUNCTION user_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_counts AS c (role, is_valid, n)
      SELECT role, is_valid, count(*)::int FROM new_rows GROUP BY role, is_valid ORDER BY role, is_valid
      ON CONFLICT (role, is_valid) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO user_counts AS c (role, is_valid, n)
      SELECT role, is_valid, -count(*)::int FROM old_rows GROUP BY role, is_valid ORDER BY role, is_valid
      ON CONFLICT (role, is_valid) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO user_counts AS c (role, is_valid, n)
      SELECT role, is_valid, sum(d)::int FROM (
        SELECT role, is_valid, 1 AS d FROM new_rows
        UNION ALL
        SELECT role, is_valid, -1 AS d FROM old_rows
      ) AS changes
      GROUP BY role, is_valid HAVING sum(d) <> 0 ORDER BY role, is_valid
      ON CONFLICT (role, is_valid) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'TRUNCATE' THEN
    UPDATE user_counts SET n = 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_counts_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_counts_apply();
--> statement-breakpoint
CREATE TRIGGER users_counts_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_counts_apply();
--> statement-breakpoint
CREATE TRIGGER users_counts_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION user_counts_apply();
--> statement-breakpoint
CREATE TRIGGER users_counts_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION user_counts_apply();
--> statement-breakpoint
INSERT INTO user_counts (role, is_valid, n)
  SELECT r.role, v.is_valid, 0
  FROM (VALUES ('membre'), ('formateur'), ('organisme'), ('admin')) AS r(role), (VALUES (true), (false)) AS v(is_valid)
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE user_counts AS c SET n = counted.n
  FROM (SELECT role, is_valid, count(*)::int AS n FROM users GROUP BY role, is_valid) AS counted
  WHERE c.role = counted.role AND c.is_valid = counted.is_valid;
--> statement-breakpoint
-- meeting_user_count: users with at least one meeting. A user "has a meeting" after a statement
-- when a row of theirs remains; before it, when one existed that the statement did not add.
CREATE FUNCTION meeting_user_count_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta int := 0;
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- Two administrators scheduling a user's first meeting at once must count it once: the second
    -- waits here (NO KEY UPDATE does not conflict with the foreign-key checks' KEY SHARE), then
    -- its next statement sees the first one's committed row.
    PERFORM 1 FROM users WHERE id IN (SELECT user_id FROM new_rows) ORDER BY id FOR NO KEY UPDATE;
    SELECT count(*) INTO delta FROM (SELECT DISTINCT user_id FROM new_rows) AS added
      WHERE NOT EXISTS (
        SELECT 1 FROM meetings m WHERE m.user_id = added.user_id
          AND NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = m.id));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM 1 FROM users WHERE id IN (SELECT user_id FROM old_rows) ORDER BY id FOR NO KEY UPDATE;
    SELECT -count(*) INTO delta FROM (SELECT DISTINCT user_id FROM old_rows) AS removed
      WHERE NOT EXISTS (SELECT 1 FROM meetings m WHERE m.user_id = removed.user_id);
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM 1 FROM users WHERE id IN (SELECT user_id FROM old_rows UNION SELECT user_id FROM new_rows) ORDER BY id FOR NO KEY UPDATE;
    SELECT coalesce(sum(after_has::int - before_has::int), 0) INTO delta FROM (
      SELECT
        EXISTS (SELECT 1 FROM meetings m WHERE m.user_id = a.user_id) AS after_has,
        EXISTS (SELECT 1 FROM old_rows o WHERE o.user_id = a.user_id)
          OR EXISTS (SELECT 1 FROM meetings m WHERE m.user_id = a.user_id
            AND NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = m.id)) AS before_has
      FROM (SELECT user_id FROM old_rows UNION SELECT user_id FROM new_rows) AS a
    ) AS changes;
  ELSIF TG_OP = 'TRUNCATE' THEN
    UPDATE meeting_user_count SET n = 0;
    RETURN NULL;
  END IF;
  IF delta <> 0 THEN
    UPDATE meeting_user_count SET n = n + delta;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER meetings_count_insert AFTER INSERT ON meetings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION meeting_user_count_apply();
--> statement-breakpoint
CREATE TRIGGER meetings_count_update AFTER UPDATE ON meetings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION meeting_user_count_apply();
--> statement-breakpoint
CREATE TRIGGER meetings_count_delete AFTER DELETE ON meetings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION meeting_user_count_apply();
--> statement-breakpoint
CREATE TRIGGER meetings_count_truncate AFTER TRUNCATE ON meetings
  FOR EACH STATEMENT EXECUTE FUNCTION meeting_user_count_apply();
--> statement-breakpoint
INSERT INTO meeting_user_count (id, n) SELECT true, count(DISTINCT user_id)::int FROM meetings
  ON CONFLICT (id) DO UPDATE SET n = excluded.n;
