-- A staff member's credit adjustment (issue 25): an `admin_adjustment` ledger entry carries the
-- reason the staff member wrote (`note`) and who they are (`actor_id`); no other entry has either.
ALTER TABLE credit_ledger
    ADD COLUMN note text,
    ADD COLUMN actor_id uuid,
    ADD CONSTRAINT credit_ledger_adjustment_note CHECK (
        (reason = 'admin_adjustment') = (note IS NOT NULL AND actor_id IS NOT NULL)
        AND (note IS NULL) = (actor_id IS NULL)
    );

-- The dashboard's purchases of the day: completed purchases by completion time.
CREATE INDEX purchases_completed_at ON purchases (completed_at) WHERE completed_at IS NOT NULL;
