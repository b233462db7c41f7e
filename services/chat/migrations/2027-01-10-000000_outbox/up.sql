-- The outbox (meguri-events): chat's own events, relayed to Redis Streams. Today the analytics
-- event of an accepted message (issue 26).
CREATE TABLE outbox (
    id uuid PRIMARY KEY,
    stream text NOT NULL,
    event_type text NOT NULL,
    envelope bytea NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_created_at ON outbox (created_at);
