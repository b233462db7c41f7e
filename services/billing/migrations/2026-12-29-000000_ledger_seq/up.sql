-- The ledger in the order its changes were applied. A change takes the next `seq` of its user
-- while it holds the lock on the user's `balances` row (so changes of one user get 1, 2, 3… in
-- the order they moved the balance), and its `created_at` from the service's clock in that same
-- step, never earlier than the previous entry's. The ledger is read by `seq`, newest first.

ALTER TABLE credit_ledger ADD COLUMN seq bigint;

-- Rows written before: numbered per user in the order they were listed, (created_at, id).
UPDATE credit_ledger AS l
SET seq = numbered.seq
FROM (
    SELECT id, row_number() OVER (PARTITION BY user_id ORDER BY created_at, id) AS seq
    FROM credit_ledger
) AS numbered
WHERE l.id = numbered.id;

ALTER TABLE credit_ledger
    ALTER COLUMN seq SET NOT NULL,
    ADD CONSTRAINT credit_ledger_seq_positive CHECK (seq >= 1),
    ADD CONSTRAINT credit_ledger_user_seq_key UNIQUE (user_id, seq),
    -- Every change writes its own time (the clock's, in the step that applies it).
    ALTER COLUMN created_at DROP DEFAULT;

-- The unique (user_id, seq) index serves the ledger's pages; the old order is no longer read.
DROP INDEX credit_ledger_user_created;
