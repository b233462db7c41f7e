-- Analytics (issue 26, spec §3 user_sessions, analytics_events, daily_analytics): what the team
-- learns from use, stored only with consent. Rows arrive from the `analytics` stream (support is its
-- only reader); docs/analytics.md describes every column and rule.

-- The read model of members' analytics consent (identity owns user_consent): the latest change.
-- An event is kept only when consent was on when it happened (granted and changed_at <= its time).
CREATE TABLE analytics_consent (
    user_id uuid PRIMARY KEY,
    granted boolean NOT NULL,
    changed_at timestamptz NOT NULL
);

-- Visitors who withdrew their consent on a browser: their in-flight events are dropped.
CREATE TABLE analytics_visitor_withdrawals (
    visitor_id uuid PRIMARY KEY,
    withdrawn_at timestamptz NOT NULL
);

-- One visit: it starts with a browser's first request and ends after 30 minutes without one.
-- A member's visits carry user_id; a consenting visitor's carry visitor_id (the meguri_aid cookie).
-- ip_address is the gateway's truncated address (/24, /48), never the whole one.
CREATE TABLE user_sessions (
    id uuid PRIMARY KEY,
    user_id uuid,
    visitor_id uuid,
    ip_address text NOT NULL,
    country text,
    city text,
    browser_name text,
    browser_version text,
    os text,
    referrer text,
    landing_page text,
    session_start timestamptz NOT NULL,
    session_end timestamptz NOT NULL,
    page_views integer NOT NULL DEFAULT 1,
    CHECK (user_id IS NOT NULL OR visitor_id IS NOT NULL)
);
CREATE INDEX user_sessions_user ON user_sessions (user_id, session_end DESC) WHERE user_id IS NOT NULL;
CREATE INDEX user_sessions_visitor ON user_sessions (visitor_id, session_end DESC) WHERE visitor_id IS NOT NULL;
CREATE INDEX user_sessions_start ON user_sessions (session_start);

-- One event, keyed by its event id (the envelope's): a redelivered event is stored once.
CREATE TABLE analytics_events (
    id uuid PRIMARY KEY,
    user_id uuid,
    visitor_id uuid,
    session_id uuid REFERENCES user_sessions (id) ON DELETE SET NULL,
    event_type text NOT NULL,
    event_data jsonb NOT NULL DEFAULT '{}',
    created_at timestamptz NOT NULL,
    CHECK (user_id IS NOT NULL OR visitor_id IS NOT NULL)
);
CREATE INDEX analytics_events_created ON analytics_events (created_at);
CREATE INDEX analytics_events_user ON analytics_events (user_id, event_type, created_at) WHERE user_id IS NOT NULL;
CREATE INDEX analytics_events_visitor ON analytics_events (visitor_id) WHERE visitor_id IS NOT NULL;
CREATE INDEX analytics_events_session ON analytics_events (session_id);

-- One Japan day, rolled up from the raw tables (re-running a day replaces its row). Aggregates
-- only: they stay when an account or raw rows older than the retention are deleted.
CREATE TABLE daily_analytics (
    date date PRIMARY KEY,
    new_users integer NOT NULL DEFAULT 0,
    active_users integer NOT NULL DEFAULT 0,
    weekly_active_users integer NOT NULL DEFAULT 0,
    monthly_active_users integer NOT NULL DEFAULT 0,
    visits integer NOT NULL DEFAULT 0,
    page_views integer NOT NULL DEFAULT 0,
    feature_usage jsonb NOT NULL DEFAULT '{}',
    funnel jsonb NOT NULL DEFAULT '{}',
    geographics jsonb NOT NULL DEFAULT '{}',
    browser_stats jsonb NOT NULL DEFAULT '{}',
    created_at timestamptz NOT NULL DEFAULT now()
);

-- The schedule's record: a job (rollup, purge) done for a Japan day. Replicas take an advisory lock
-- before running one, and skip a day already here.
CREATE TABLE analytics_jobs (
    job text NOT NULL,
    day date NOT NULL,
    finished_at timestamptz NOT NULL,
    PRIMARY KEY (job, day)
);
