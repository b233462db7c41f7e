ALTER TABLE users DROP COLUMN birth_time_unknown;
