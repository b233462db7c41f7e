-- Credits as a ledger: one row per change, each with a unique idempotency key, and the current
-- balance per user. A change locks the user's `balances` row, checks, inserts its ledger row and
-- updates the balance, all in one transaction.
CREATE TABLE credit_ledger (
    id uuid PRIMARY KEY,
    user_id uuid NOT NULL,
    delta bigint NOT NULL CONSTRAINT credit_ledger_delta_not_zero CHECK (delta <> 0),
    balance_after bigint NOT NULL CONSTRAINT credit_ledger_balance_after_not_negative CHECK (balance_after >= 0),
    reason text NOT NULL,
    idempotency_key text NOT NULL CONSTRAINT credit_ledger_idempotency_key_key UNIQUE,
    -- The idempotency key of the spend this row refunds: a spend is refunded at most once.
    refund_of text CONSTRAINT credit_ledger_refund_of_key UNIQUE,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX credit_ledger_user_created ON credit_ledger (user_id, created_at DESC, id DESC);

CREATE TABLE balances (
    user_id uuid PRIMARY KEY,
    credits bigint NOT NULL CONSTRAINT balances_credits_not_negative CHECK (credits >= 0),
    updated_at timestamptz NOT NULL DEFAULT now()
);

-- meguri-events: the events this service has handled (idempotent consumers).
CREATE TABLE processed_events (
    consumer text NOT NULL,
    event_id uuid NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, event_id)
);
