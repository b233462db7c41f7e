-- Issue 14: the three diary-era mail kinds, the one-click unsubscribe header kept with the bodies,
-- the scheduler of timed mail (letters to the future, the inactivity reminder), visits, unsubscribe
-- tokens, and an outbox for the events notify publishes (LetterDelivered).
ALTER TABLE email_notifications DROP CONSTRAINT email_notifications_type_check;
ALTER TABLE email_notifications ADD CONSTRAINT email_notifications_type_check
    CHECK (type IN ('verification_code', 'password_reset', 'email_change', 'welcome', 'security_notice',
                    'friend_request_received', 'friend_request_accepted', 'mentioned_in_diary',
                    'future_diary_delivery', 'inactivity_reminder'));
-- The List-Unsubscribe URL of an optional mail: it carries a token, so it goes with the bodies.
ALTER TABLE email_notifications ADD COLUMN list_unsubscribe text;
ALTER TABLE email_notifications DROP CONSTRAINT email_notifications_bodies_cleared;
ALTER TABLE email_notifications ADD CONSTRAINT email_notifications_bodies_cleared
    CHECK (status = 'pending' OR (body_text IS NULL AND body_html IS NULL AND list_unsubscribe IS NULL));

-- Timed mail. A letter: one row per diary entry (LetterSealed), due 07:00 local of its delivery
-- date; an inactivity reminder: one row per reminder, due when it was decided. Claimed with
-- FOR UPDATE SKIP LOCKED and a lease (`lease_until`), delivered in one transaction with its mail
-- (email_notifications.event_id = this id) and, for a letter, LetterDelivered in the outbox.
CREATE TABLE scheduled_deliveries (
    id uuid PRIMARY KEY,
    kind text NOT NULL CONSTRAINT scheduled_deliveries_kind_check
        CHECK (kind IN ('future_letter', 'inactivity_reminder')),
    user_id uuid NOT NULL,
    entry_id uuid,
    due_at timestamptz NOT NULL,
    status text NOT NULL DEFAULT 'pending' CONSTRAINT scheduled_deliveries_status_check
        CHECK (status IN ('pending', 'sent', 'failed', 'cancelled')),
    -- Failed attempts (identity or the database did not answer); the last error is kept.
    attempts integer NOT NULL DEFAULT 0,
    error_message text,
    -- Invisible to other schedulers until then (claimed, or waiting for its next attempt).
    lease_until timestamptz,
    -- Letters: authoredDate, deliveryDate, timezoneOffset; once done, `mail`: queued, preference_off,
    -- no_address or not_sent.
    payload jsonb NOT NULL DEFAULT '{}',
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    done_at timestamptz,
    CONSTRAINT scheduled_deliveries_entry_key UNIQUE (kind, entry_id)
);
CREATE INDEX scheduled_deliveries_due ON scheduled_deliveries (due_at) WHERE status = 'pending';
CREATE INDEX scheduled_deliveries_user ON scheduled_deliveries (user_id);

-- The last visit (RecordVisit, stored at most once per 10 minutes) and the last inactivity reminder.
CREATE TABLE member_activity (
    user_id uuid PRIMARY KEY,
    last_visit_at timestamptz NOT NULL,
    last_reminded_at timestamptz
);
CREATE INDEX member_activity_last_visit ON member_activity (last_visit_at);

-- One per optional mail sent: the random id of its unsubscribe token (the token adds an HMAC over
-- id, user and preference). Used once.
CREATE TABLE unsubscribe_tokens (
    id uuid PRIMARY KEY,
    user_id uuid NOT NULL,
    preference text NOT NULL CONSTRAINT unsubscribe_tokens_preference_check
        CHECK (preference IN ('friend_request_received', 'friend_request_accepted', 'mentioned_in_diary',
                              'future_diary_delivery', 'inactivity_reminder')),
    created_at timestamptz NOT NULL,
    used_at timestamptz
);
CREATE INDEX unsubscribe_tokens_user ON unsubscribe_tokens (user_id);

-- meguri-events: what notify publishes (stream `notify`), relayed after commit.
CREATE TABLE outbox (
    id uuid PRIMARY KEY,
    stream text NOT NULL,
    event_type text NOT NULL,
    envelope bytea NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_created_at ON outbox (created_at);
