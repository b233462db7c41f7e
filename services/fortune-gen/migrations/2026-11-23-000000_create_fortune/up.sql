-- fortune-gen's records: each user's chart (built from identity's birth data through bazi-engine),
-- the daily readings (the spec's lastFortuneDate / dailyFortune / dailyDos / dailyDonts /
-- fortuneHistory / recentWords14d, one row per user and local date), the badge catalogue, ratings,
-- the yearly and life reports, and the events tables of meguri-events.
-- Times are written by the service (its clock), never by `now()`, so tests can move time.

-- One chart per user. `next_attempt_at` is when a build is due (an event asked for one, or a
-- retry after a failure); `lease_until` marks a build in progress (a crashed builder's row is
-- due again once the lease runs out); `rebuild_requested` remembers an event that arrived during
-- a build.
CREATE TABLE charts (
    user_id uuid PRIMARY KEY,
    status text NOT NULL DEFAULT 'pending'
        CONSTRAINT charts_status_check CHECK (status IN ('pending', 'generating', 'ready', 'failed')),
    -- meguri.bazi_engine.v1.Chart, protobuf-encoded.
    chart bytea,
    -- hex SHA-256 of the CalculateChart input: an unchanged input is not built again.
    input_fingerprint text,
    -- identity has no birth date for the user (the status stays pending).
    profile_incomplete boolean NOT NULL DEFAULT false,
    attempts integer NOT NULL DEFAULT 0,
    -- A short, fixed description (the failing peer and gRPC code); never personal data.
    last_error text,
    -- Whether the last failure will be retried by itself.
    retryable boolean NOT NULL DEFAULT false,
    next_attempt_at timestamptz,
    lease_until timestamptz,
    rebuild_requested boolean NOT NULL DEFAULT false,
    built_at timestamptz,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
);
CREATE INDEX charts_due ON charts (next_attempt_at) WHERE next_attempt_at IS NOT NULL;
CREATE INDEX charts_failed ON charts (updated_at DESC) WHERE status = 'failed';

CREATE TABLE daily_readings (
    user_id uuid NOT NULL,
    local_date date NOT NULL,
    lines text[] NOT NULL,
    dos text[] NOT NULL,
    donts text[] NOT NULL,
    -- [{"kind", "label", "detail"}]
    reasons jsonb NOT NULL,
    -- the reading's key words (recentWords14d is the union over the last 14 days)
    words jsonb NOT NULL,
    content_hash text NOT NULL,
    engine text NOT NULL CONSTRAINT daily_readings_engine_check CHECK (engine IN ('builtin', 'llm')),
    -- e.g. 甲子
    day_pillar text NOT NULL,
    generated_at timestamptz NOT NULL,
    CONSTRAINT daily_readings_user_date_key PRIMARY KEY (user_id, local_date)
);

CREATE TABLE fortune_badges (
    id text PRIMARY KEY,
    name text NOT NULL,
    description text NOT NULL,
    type text NOT NULL
        CONSTRAINT fortune_badges_type_check CHECK (type IN ('rokuyo', 'rekichu', 'holiday', 'sekki', 'zassetsu', 'personal')),
    is_active boolean NOT NULL DEFAULT true,
    sort_order integer NOT NULL
);

CREATE TABLE fortune_ratings (
    id uuid PRIMARY KEY,
    user_id uuid NOT NULL,
    fortune_type text NOT NULL CONSTRAINT fortune_ratings_type_check
        CHECK (fortune_type IN ('daily', 'chat', 'life', 'yearly', 'dos', 'donts', 'bazi')),
    fortune_content_hash text NOT NULL,
    rating text NOT NULL CONSTRAINT fortune_ratings_rating_check CHECK (rating IN ('positive', 'negative')),
    feedback_text text,
    context jsonb,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    CONSTRAINT fortune_ratings_user_type_hash_key UNIQUE (user_id, fortune_type, fortune_content_hash)
);
CREATE INDEX fortune_ratings_user_hash ON fortune_ratings (user_id, fortune_content_hash, updated_at DESC);

-- Reports: `next_attempt_at` is the lease of the generation in progress (a generating row whose
-- lease ran out is picked up again by the background loop).
CREATE TABLE yearly_fortune_reports (
    id uuid PRIMARY KEY,
    user_id uuid NOT NULL,
    year integer NOT NULL,
    status text NOT NULL DEFAULT 'generating'
        CONSTRAINT yearly_fortune_reports_status_check CHECK (status IN ('generating', 'ready', 'failed')),
    -- {"title", "sections": [{"heading", "body"}], "importantDates": [{"date", "label", "detail"}]}
    content jsonb,
    engine text,
    last_error text,
    next_attempt_at timestamptz,
    generated_at timestamptz,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    CONSTRAINT yearly_fortune_reports_user_year_key UNIQUE (user_id, year)
);
CREATE INDEX yearly_fortune_reports_due ON yearly_fortune_reports (next_attempt_at) WHERE status = 'generating';

CREATE TABLE life_fortune_reports (
    id uuid PRIMARY KEY,
    user_id uuid NOT NULL CONSTRAINT life_fortune_reports_user_key UNIQUE,
    status text NOT NULL DEFAULT 'generating'
        CONSTRAINT life_fortune_reports_status_check CHECK (status IN ('generating', 'ready', 'failed')),
    content jsonb,
    -- the dates of content.importantDates (YYYY, YYYY-MM or YYYY-MM-DD): the spec's lifeFortuneImportantDates
    important_dates text[] NOT NULL DEFAULT '{}',
    engine text,
    last_error text,
    next_attempt_at timestamptz,
    generated_at timestamptz,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
);
CREATE INDEX life_fortune_reports_due ON life_fortune_reports (next_attempt_at) WHERE status = 'generating';

-- meguri-events: the events this service has handled (idempotent consumers), and the outbox
-- (fortune-gen publishes no events yet; the table is here so the first one needs no migration).
CREATE TABLE processed_events (
    consumer text NOT NULL,
    event_id uuid NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, event_id)
);
CREATE TABLE outbox (
    id uuid PRIMARY KEY,
    stream text NOT NULL,
    event_type text NOT NULL,
    payload jsonb NOT NULL,
    traceparent text,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_created_at ON outbox (created_at);
