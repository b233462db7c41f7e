-- The tables meguri-events asks every producer and consumer for (see src/lib.rs), and a table of
-- effects: one row each time a test handler applied an event, so a second application would show.
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
CREATE TABLE effects (
    event_id uuid NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
);
