ALTER TABLE users DROP COLUMN profile_updated_at;
ALTER TABLE users DROP COLUMN inviter_id;
