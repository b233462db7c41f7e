-- Whether the person skipped the birth time: birth_time then holds the 12:00 the chart uses (spec §2),
-- and this flag says it is an assumption. Rows stored before this column were stored with a time
-- the person gave or accepted, so they keep meaning "known" (false).
ALTER TABLE users ADD COLUMN birth_time_unknown boolean NOT NULL DEFAULT false;
