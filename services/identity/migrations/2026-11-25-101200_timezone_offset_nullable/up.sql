-- The offset the person's browser last reported (minutes, as Date#getTimezoneOffset; Japan -540),
-- NULL until one is reported. Nothing ever wrote the column before: every value is the default 0,
-- which would read as "lives in UTC", so all of them become NULL ("never reported").
ALTER TABLE users ALTER COLUMN timezone_offset DROP NOT NULL;
ALTER TABLE users ALTER COLUMN timezone_offset DROP DEFAULT;
UPDATE users SET timezone_offset = NULL;
ALTER TABLE users ADD CONSTRAINT users_timezone_offset_range CHECK (timezone_offset BETWEEN -840 AND 720);
