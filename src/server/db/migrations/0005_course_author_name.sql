ALTER TABLE "courses" ADD COLUMN "author_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The catalogue reads the author's name from courses alone, so a lock on users (a long
-- migration, a VACUUM FULL) does not stop it (decision 016). Triggers keep the copy exact.
UPDATE "courses" AS c SET "author_name" = trim(u."firstname" || ' ' || u."lastname") FROM "users" AS u WHERE u."id" = c."author_id";
--> statement-breakpoint
CREATE FUNCTION courses_author_name_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An unknown author is left to the foreign key to refuse, with its own error.
  NEW.author_name := coalesce((SELECT trim(u.firstname || ' ' || u.lastname) FROM users AS u WHERE u.id = NEW.author_id), '');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER courses_author_name_fill BEFORE INSERT OR UPDATE OF author_id ON courses
  FOR EACH ROW EXECUTE FUNCTION courses_author_name_fill();
--> statement-breakpoint
CREATE FUNCTION users_author_name_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE courses SET author_name = trim(NEW.firstname || ' ' || NEW.lastname)
    WHERE author_id = NEW.id AND author_name IS DISTINCT FROM trim(NEW.firstname || ' ' || NEW.lastname);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_author_name_follow AFTER UPDATE OF firstname, lastname ON users
  FOR EACH ROW EXECUTE FUNCTION users_author_name_follow();
