DROP INDEX purchases_completed_at;
ALTER TABLE credit_ledger
    DROP CONSTRAINT credit_ledger_adjustment_note,
    DROP COLUMN actor_id,
    DROP COLUMN note;
