ALTER TABLE users DROP COLUMN birth_updated_at;
