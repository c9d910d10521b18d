-- Trigram indexes make the '%text%' searches of users and courses fast.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
