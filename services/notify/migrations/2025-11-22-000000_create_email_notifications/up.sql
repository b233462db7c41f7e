-- The e-mail outbox: one row per requested message, written when the MailRequested event is
-- handled and delivered by the sender task. The rendered bodies may hold a one-time code or a link
-- token, so they are cleared as soon as the message is sent or finally failed.
CREATE TABLE email_notifications (
    id uuid PRIMARY KEY,
    -- The MailRequested event: a replayed event never sends twice.
    event_id uuid NOT NULL CONSTRAINT email_notifications_event_id_key UNIQUE,
    user_id uuid,
    recipient text NOT NULL,
    subject text NOT NULL,
    type text NOT NULL CONSTRAINT email_notifications_type_check
        CHECK (type IN ('verification_code', 'password_reset', 'email_change', 'welcome', 'security_notice')),
    status text NOT NULL DEFAULT 'pending' CONSTRAINT email_notifications_status_check
        CHECK (status IN ('pending', 'sent', 'failed')),
    error_message text,
    -- Non-secret facts about the message (validity, which change); never a code or a token.
    metadata jsonb NOT NULL DEFAULT '{}',
    attempts integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    body_text text,
    body_html text,
    sent_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT email_notifications_bodies_cleared CHECK (status = 'pending' OR (body_text IS NULL AND body_html IS NULL))
);
CREATE INDEX email_notifications_due ON email_notifications (next_attempt_at) WHERE status = 'pending';
CREATE INDEX email_notifications_user ON email_notifications (user_id) WHERE user_id IS NOT NULL;

-- One row per user; the spec's defaults: inactivity_reminder off, the other four on.
CREATE TABLE email_preferences (
    user_id uuid PRIMARY KEY,
    friend_request_received boolean NOT NULL DEFAULT true,
    friend_request_accepted boolean NOT NULL DEFAULT true,
    mentioned_in_diary boolean NOT NULL DEFAULT true,
    future_diary_delivery boolean NOT NULL DEFAULT true,
    inactivity_reminder boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);

-- meguri-events: the events this service has handled (idempotent consumers).
CREATE TABLE processed_events (
    consumer text NOT NULL,
    event_id uuid NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, event_id)
);
