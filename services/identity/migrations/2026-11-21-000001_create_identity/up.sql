-- Accounts (the identity columns of the spec's users record), consent, admin accounts, the
-- one-time secrets mailed to people (stored as HMAC digests), and the events outbox.

CREATE TABLE users (
    id uuid PRIMARY KEY,
    email text NOT NULL,
    password_hash text NOT NULL,
    username text,
    first_name text,
    last_name text,
    profile_image_url text,
    gender text CHECK (gender IN ('male', 'female', 'other')),
    honorific text,
    is_email_verified boolean NOT NULL DEFAULT false,
    birth_date date,
    birth_time text,
    birth_location text,
    birth_longitude double precision,
    birth_latitude double precision,
    timezone_offset integer NOT NULL DEFAULT 0,
    google_id text,
    apple_id text,
    pending_email text,
    last_login_at timestamptz,
    has_completed_onboarding boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    deleted_at timestamptz
);
-- Addresses and usernames are unique regardless of case. A deleted account's address and
-- username are scrubbed, which frees them.
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE UNIQUE INDEX users_username_key ON users (lower(username));

CREATE TABLE user_consent (
    id uuid PRIMARY KEY,
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    privacy_policy_accepted boolean NOT NULL DEFAULT false,
    privacy_policy_version text,
    analytics_consent boolean NOT NULL DEFAULT false,
    marketing_consent boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_consent_user_id ON user_consent (user_id);

-- One live code per account; a new code replaces the old one.
CREATE TABLE email_verification_codes (
    user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    code_digest bytea NOT NULL,
    expires_at timestamptz NOT NULL,
    failed_attempts integer NOT NULL DEFAULT 0,
    sent_at timestamptz NOT NULL DEFAULT now(),
    -- Set when the code verified the address; the same code then verifies again (a double
    -- submit) until it expires, and nothing else does.
    used_at timestamptz
);

CREATE TABLE password_reset_tokens (
    token_digest bytea PRIMARY KEY,
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_at timestamptz NOT NULL,
    used_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_reset_tokens_user_id ON password_reset_tokens (user_id);

CREATE TABLE email_change_tokens (
    token_digest bytea PRIMARY KEY,
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    new_email text NOT NULL,
    expires_at timestamptz NOT NULL,
    used_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_change_tokens_user_id ON email_change_tokens (user_id);

CREATE TABLE admin_users (
    id uuid PRIMARY KEY,
    email text NOT NULL,
    password_hash text NOT NULL,
    role text NOT NULL DEFAULT 'admin',
    is_active boolean NOT NULL DEFAULT true,
    last_login timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX admin_users_email_key ON admin_users (lower(email));

-- meguri-events: the transactional outbox.
CREATE TABLE outbox (
    id uuid PRIMARY KEY,
    stream text NOT NULL,
    event_type text NOT NULL,
    payload jsonb NOT NULL,
    traceparent text,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_created_at ON outbox (created_at);
