-- Usernames may now be kana and kanji (issue 11). `username_key` is the name's look-alike
-- skeleton (meguri-username `skeleton`): no two accounts share one, so a name that imitates
-- another is refused (USERNAME_LOOKALIKE) even when two sign-ups race. users_username_key
-- (lower(username)) stays and still names an exact duplicate (USERNAME_TAKEN).
--
-- Existing rows get their key at start-up (identity's `backfill_username_keys`: the rule lives in
-- Rust, not here), oldest account first. An account whose key an older one already holds keeps its
-- name and no key; the older one's key still keeps new look-alikes of both out.
ALTER TABLE users ADD COLUMN username_key text;
CREATE UNIQUE INDEX users_username_lookalike_key ON users (username_key);
