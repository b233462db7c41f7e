-- When the birth data (or the gender, which turns the luck pillars) last changed: other services
-- (fortune-gen) read it with the birth data through GetBirthProfile. Existing rows take their
-- last update time, the closest known value.
ALTER TABLE users ADD COLUMN birth_updated_at timestamptz;
UPDATE users SET birth_updated_at = updated_at WHERE birth_date IS NOT NULL;
