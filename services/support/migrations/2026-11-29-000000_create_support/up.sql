-- support's schema: tickets and their threads (spec §3, defaults of §9), the screenshots attached
-- to them (the files live in the attachment store, keyed by id), and the outbox and processed
-- events of meguri-events. No foreign key leaves the schema: user and admin ids are plain UUIDs.

CREATE TABLE support_tickets (
    id uuid PRIMARY KEY,
    -- NULL once the member deleted the account: the ticket stays for staff, anonymised.
    user_id uuid,
    -- The client's id of the submission that opened it: a repeat answers this ticket.
    request_id uuid NOT NULL,
    subject text NOT NULL CHECK (char_length(subject) BETWEEN 1 AND 100),
    message text NOT NULL CHECK (char_length(message) BETWEEN 1 AND 5000),
    status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'in_progress', 'closed')),
    priority text NOT NULL DEFAULT 'normal' CHECK (priority IN ('low', 'normal', 'high', 'urgent')),
    -- The ids of the first message's screenshots (support_attachments), as the spec lists them.
    attachments jsonb NOT NULL DEFAULT '[]',
    assigned_to uuid,
    -- The newest staff reply's text (spec `response`).
    response text,
    last_message_at timestamptz NOT NULL,
    last_message_preview text NOT NULL DEFAULT '',
    -- Messages the member sees (internal notes are not counted).
    message_count integer NOT NULL DEFAULT 0 CHECK (message_count >= 0),
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    closed_at timestamptz,
    CHECK ((status = 'closed') = (closed_at IS NOT NULL))
);
CREATE UNIQUE INDEX support_tickets_request ON support_tickets (user_id, request_id);
CREATE INDEX support_tickets_member ON support_tickets (user_id, last_message_at DESC);
CREATE INDEX support_tickets_inbox ON support_tickets (last_message_at DESC, id DESC);

CREATE TABLE support_ticket_messages (
    id uuid PRIMARY KEY,
    ticket_id uuid NOT NULL REFERENCES support_tickets (id) ON DELETE CASCADE,
    request_id uuid,
    author_type text NOT NULL CHECK (author_type IN ('member', 'staff')),
    -- The member's or the admin's id; NULL once the member is anonymised.
    author_id uuid,
    -- The staff's name as the member sees it (サポート担当); NULL for a member, whose username is
    -- read from identity when staff open the ticket (so a deleted account leaves no name here).
    author_name text,
    body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 5000),
    -- The ids of this message's screenshots (support_attachments).
    attachments jsonb NOT NULL DEFAULT '[]',
    via text NOT NULL DEFAULT 'web' CHECK (via IN ('web', 'email')),
    -- A staff note: never shown to the member, never mailed.
    internal boolean NOT NULL DEFAULT false,
    -- The SHA-256 (hex) of the reply link mailed with this staff message; the link itself is never kept.
    reply_token text UNIQUE,
    reply_token_expires_at timestamptz,
    -- Staff messages: the member opened them; member messages: staff did.
    is_read boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL,
    CHECK ((reply_token IS NULL) = (reply_token_expires_at IS NULL))
);
CREATE UNIQUE INDEX support_ticket_messages_request ON support_ticket_messages (ticket_id, request_id);
CREATE INDEX support_ticket_messages_thread ON support_ticket_messages (ticket_id, created_at, id);

CREATE TABLE support_attachments (
    id uuid PRIMARY KEY,
    ticket_id uuid NOT NULL REFERENCES support_tickets (id) ON DELETE CASCADE,
    message_id uuid NOT NULL REFERENCES support_ticket_messages (id) ON DELETE CASCADE,
    content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
    size_bytes integer NOT NULL CHECK (size_bytes > 0),
    width integer NOT NULL CHECK (width > 0),
    height integer NOT NULL CHECK (height > 0),
    created_at timestamptz NOT NULL
);
CREATE INDEX support_attachments_message ON support_attachments (message_id);

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
