-- social's schema: the member read model, friendships (with the pair's compatibility), blocks, the
-- request log behind the daily limit, and the event tables of meguri-events.

-- Public fields of verified members, fed by identity's events and the backfill. `username_key` is
-- the username NFKC-normalised and lowercased, in the C collation so a prefix is a byte range
-- (friend search: `username_key >= $prefix AND username_key < $prefix || U+10FFFF`).
CREATE TABLE members (
    user_id uuid PRIMARY KEY,
    username text NOT NULL,
    username_key text COLLATE "C" NOT NULL,
    first_name text,
    profile_image_url text,
    -- identity's `MemberProfile.updated_at`: an older copy never overwrites a newer one.
    profile_updated_at timestamptz NOT NULL
);
CREATE INDEX members_username_key ON members (username_key, user_id);

-- Deleted accounts: a late event or backfill page must not bring a member back.
CREATE TABLE member_tombstones (
    user_id uuid PRIMARY KEY,
    deleted_at timestamptz NOT NULL
);

-- One row once a backfill through identity's ListMemberProfiles has completed.
CREATE TABLE member_backfills (
    id serial PRIMARY KEY,
    completed_at timestamptz NOT NULL,
    members integer NOT NULL
);

-- One row per unordered pair (user_low < user_high): a pending request or a friendship.
CREATE TABLE friendships (
    user_low uuid NOT NULL,
    user_high uuid NOT NULL,
    requester_id uuid NOT NULL,
    status text NOT NULL,
    created_at timestamptz NOT NULL,
    accepted_at timestamptz,
    -- NULL while the request is pending; pending|ready|unavailable|failed once accepted.
    compatibility_status text,
    compatibility_score integer,
    -- {summary, views: {low: {factors, youBring, friendBrings}, high: {…}}}: no birth data, no chart.
    compatibility_analysis jsonb,
    compatibility_computed_at timestamptz,
    -- Bumped on every (re)computation request; a result computed for an older version is dropped.
    compatibility_version integer NOT NULL DEFAULT 0,
    compatibility_attempts integer NOT NULL DEFAULT 0,
    -- When the worker may take the row (due now, after a backoff, or after a claim's lease).
    compatibility_due_at timestamptz,
    PRIMARY KEY (user_low, user_high),
    CONSTRAINT friendships_ordered CHECK (user_low < user_high),
    CONSTRAINT friendships_requester CHECK (requester_id = user_low OR requester_id = user_high),
    CONSTRAINT friendships_status CHECK (status IN ('pending', 'accepted')),
    CONSTRAINT friendships_compatibility_status
        CHECK (compatibility_status IS NULL OR compatibility_status IN ('pending', 'ready', 'unavailable', 'failed')),
    CONSTRAINT friendships_score CHECK (compatibility_score IS NULL OR compatibility_score BETWEEN 0 AND 100)
);
CREATE INDEX friendships_user_high ON friendships (user_high);
CREATE INDEX friendships_compatibility_due ON friendships (compatibility_due_at)
    WHERE compatibility_status = 'pending';

CREATE TABLE blocks (
    blocker_id uuid NOT NULL,
    blocked_id uuid NOT NULL,
    created_at timestamptz NOT NULL,
    PRIMARY KEY (blocker_id, blocked_id)
);
CREATE INDEX blocks_blocked ON blocks (blocked_id);

-- Every friend request sent (kept when it is cancelled, so cancelling refunds nothing).
CREATE TABLE friend_request_log (
    id bigserial PRIMARY KEY,
    requester_id uuid NOT NULL,
    recipient_id uuid NOT NULL,
    sent_at timestamptz NOT NULL
);
CREATE INDEX friend_request_log_requester ON friend_request_log (requester_id, sent_at);

CREATE TABLE outbox (
    id uuid PRIMARY KEY,
    stream text NOT NULL,
    event_type text NOT NULL,
    envelope bytea NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_created_at ON outbox (created_at);

CREATE TABLE processed_events (
    consumer text NOT NULL,
    event_id uuid NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, event_id)
);
