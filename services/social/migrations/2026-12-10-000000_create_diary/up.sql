-- The diary: entries (plain ones and letters to the future), the mentions of friends they carry,
-- and the write log behind the rolling daily limit.

-- One row per entry. A letter (`publish_to_future`) is sealed until notify delivers it
-- (`delivered_at`): its `date` is its delivery date, `authored_date` the local day it was written.
-- `client_id` (chosen by the app once per draft) makes a create idempotent per author.
CREATE TABLE diary_entries (
    id uuid PRIMARY KEY,
    user_id uuid NOT NULL,
    client_id uuid NOT NULL,
    content text NOT NULL,
    date date NOT NULL,
    publish_to_future boolean NOT NULL DEFAULT false,
    delivery_date date,
    authored_date date,
    delivered_at timestamptz,
    has_been_shown boolean NOT NULL DEFAULT false,
    email_sent boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    CONSTRAINT diary_entries_client UNIQUE (user_id, client_id),
    CONSTRAINT diary_entries_letter CHECK (
        (publish_to_future AND delivery_date IS NOT NULL AND authored_date IS NOT NULL AND date = delivery_date)
        OR (NOT publish_to_future AND delivery_date IS NULL AND authored_date IS NULL AND delivered_at IS NULL))
);
-- The author's list (newest date first, then newest id: ids are UUID v7) and its keyset cursor.
CREATE INDEX diary_entries_user_date ON diary_entries (user_id, date DESC, id DESC);

-- A friend mentioned in an entry: one row per (entry, friend), the friend's access to the entry
-- and their unseen notification. A letter's rows are written when it is delivered.
CREATE TABLE mention_notifications (
    id uuid PRIMARY KEY,
    user_id uuid NOT NULL,
    mentioner_id uuid NOT NULL,
    diary_entry_id uuid NOT NULL REFERENCES diary_entries (id) ON DELETE CASCADE,
    has_been_shown boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL,
    CONSTRAINT mention_notifications_once UNIQUE (diary_entry_id, user_id)
);
CREATE INDEX mention_notifications_user ON mention_notifications (user_id, created_at, id);
CREATE INDEX mention_notifications_mentioner ON mention_notifications (mentioner_id);

-- Every entry written (kept when the entry is deleted, so deleting refunds nothing).
CREATE TABLE diary_write_log (
    id bigserial PRIMARY KEY,
    user_id uuid NOT NULL,
    written_at timestamptz NOT NULL
);
CREATE INDEX diary_write_log_user ON diary_write_log (user_id, written_at);
