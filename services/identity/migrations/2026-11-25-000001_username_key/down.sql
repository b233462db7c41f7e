DROP INDEX users_username_lookalike_key;
ALTER TABLE users DROP COLUMN username_key;
