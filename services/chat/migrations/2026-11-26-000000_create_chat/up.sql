-- The mascot chat. A message's id is the client's (one per intended message): it is the primary
-- key and the idempotency key of its spend in billing ("chat:<id>").
CREATE TABLE chat_messages (
    id uuid PRIMARY KEY,
    user_id uuid NOT NULL,
    message text NOT NULL,
    response text NOT NULL DEFAULT '',
    response_messages jsonb NOT NULL DEFAULT '[]',
    credits_used int NOT NULL DEFAULT 1,
    status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'completed', 'refunded')),
    engine text NULL CHECK (engine IN ('builtin', 'llm')),
    failure_code text NULL,
    created_at timestamptz NOT NULL,
    completed_at timestamptz NULL
);
CREATE INDEX chat_messages_history ON chat_messages (user_id, created_at DESC, id DESC);
-- The sweeper's look-up of replies that a process left unfinished.
CREATE INDEX chat_messages_pending ON chat_messages (created_at) WHERE status = 'pending';

-- Another person asked about in a message; the engine's result once computed.
CREATE TABLE compatibility_requests (
    id uuid PRIMARY KEY,
    user_id uuid NOT NULL,
    chat_message_id uuid NOT NULL,
    target_birth_date date NOT NULL,
    target_birth_time text NULL,
    target_birth_location text NULL,
    target_gender text NOT NULL CHECK (target_gender IN ('male', 'female')),
    target_label text NULL,
    compatibility_result jsonb NULL,
    is_completed boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL
);
CREATE INDEX compatibility_requests_user ON compatibility_requests (user_id, created_at DESC);
CREATE INDEX compatibility_requests_message ON compatibility_requests (chat_message_id);

-- Each user's bounded conversation memory: a rolling summary of the turns up to
-- `summarized_through` (the newer ones are read verbatim from chat_messages).
CREATE TABLE chat_memories (
    user_id uuid PRIMARY KEY,
    summary text NOT NULL,
    summarized_through timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
);

-- The events applied once (meguri-events: identity.account_deleted).
CREATE TABLE processed_events (
    consumer text NOT NULL,
    event_id uuid NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, event_id)
);
