-- The friend updates of a member's local day (the spec's dailyFriendUpdates and
-- dailyFriendUpdatesDate): built once per local day from social's friend list and the friends'
-- charts, then served from here. One row per member, replaced when a new day is built.
-- `friend_ids` names every friend an update is about, so a deleted account's updates can be found
-- and dropped (identity.account_deleted).
CREATE TABLE daily_friend_updates (
    user_id uuid PRIMARY KEY,
    local_date date NOT NULL,
    -- [{"id", "text", "friends": [{"user_id", "username", "first_name", "profile_image_url"}]}]
    updates jsonb NOT NULL,
    friend_ids uuid[] NOT NULL,
    built_at timestamptz NOT NULL
);
CREATE INDEX daily_friend_updates_friend_ids ON daily_friend_updates USING gin (friend_ids);
