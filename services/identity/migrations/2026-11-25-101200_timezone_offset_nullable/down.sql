ALTER TABLE users DROP CONSTRAINT users_timezone_offset_range;
UPDATE users SET timezone_offset = 0 WHERE timezone_offset IS NULL;
ALTER TABLE users ALTER COLUMN timezone_offset SET DEFAULT 0;
ALTER TABLE users ALTER COLUMN timezone_offset SET NOT NULL;
