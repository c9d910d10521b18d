-- French full-text search of the catalogue (decision 027): French stems, accents ignored.
-- unaccent ships with PostgreSQL's contrib and with PGlite (@electric-sql/pglite/contrib/unaccent).
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- The French configuration, with accents removed before stemming: 'Écologie' and 'ecologie' give the same lexeme.
CREATE TEXT SEARCH CONFIGURATION ecoforma_fr (COPY = french);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION ecoforma_fr ALTER MAPPING FOR hword, hword_part, word WITH unaccent, french_stem;
