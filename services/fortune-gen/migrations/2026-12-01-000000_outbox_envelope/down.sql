DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM outbox) THEN
        RAISE EXCEPTION 'the outbox holds unpublished events: let the relay publish them first';
    END IF;
END
$$;
ALTER TABLE outbox DROP COLUMN envelope, ADD COLUMN payload jsonb NOT NULL, ADD COLUMN traceparent text;
