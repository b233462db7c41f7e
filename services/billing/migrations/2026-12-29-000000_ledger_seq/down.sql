CREATE INDEX credit_ledger_user_created ON credit_ledger (user_id, created_at DESC, id DESC);
ALTER TABLE credit_ledger
    ALTER COLUMN created_at SET DEFAULT now(),
    DROP CONSTRAINT credit_ledger_user_seq_key,
    DROP CONSTRAINT credit_ledger_seq_positive,
    DROP COLUMN seq;
