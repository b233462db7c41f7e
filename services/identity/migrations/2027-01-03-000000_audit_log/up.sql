-- The staff audit log (issue 25): one row per staff action, written in the transaction of the
-- action (identity's own: sign-in, staff accounts) or from the `audit` stream (support, billing,
-- fortune-gen put it in their outbox with the action). The id is the event's, so a redelivered
-- event is kept once. Append-only: a trigger refuses every UPDATE and DELETE.
CREATE TABLE audit_log (
    id uuid PRIMARY KEY,
    at timestamptz NOT NULL,
    actor_id uuid NOT NULL,
    action text NOT NULL,
    target_type text NOT NULL CONSTRAINT audit_log_target_type_known
        CHECK (target_type IN ('ticket', 'member', 'staff')),
    target_id uuid NOT NULL,
    before text,
    after text,
    reason text,
    recorded_at timestamptz NOT NULL DEFAULT now()
);

-- The log's pages (newest first) and its filters by staff member and by record.
CREATE INDEX audit_log_at ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_actor_at ON audit_log (actor_id, at DESC, id DESC);
CREATE INDEX audit_log_target_at ON audit_log (target_id, at DESC, id DESC);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'audit_log is append-only';
END;
$$;

CREATE TRIGGER audit_log_append_only
    BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
