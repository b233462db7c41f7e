-- Issue 13 (social). `inviter_id`: the member whose invite link (/invite/{userId}) the person signed
-- up from, as given (a UUID, not checked: sign-up does not tell who exists); identity puts it in
-- EmailVerified, and social sends the inviter a friend request from the new member. No foreign key:
-- accounts are soft-deleted, and an unknown inviter is simply ignored downstream.
--
-- `profile_updated_at`: when the public fields (username, first name, avatar) last changed, sent as
-- MemberProfile.updated_at so a reader keeps the newest. Existing rows take their last update time,
-- the closest known value.
ALTER TABLE users ADD COLUMN inviter_id uuid;
ALTER TABLE users ADD COLUMN profile_updated_at timestamptz;
UPDATE users SET profile_updated_at = updated_at;
ALTER TABLE users ALTER COLUMN profile_updated_at SET NOT NULL;
ALTER TABLE users ALTER COLUMN profile_updated_at SET DEFAULT now();
