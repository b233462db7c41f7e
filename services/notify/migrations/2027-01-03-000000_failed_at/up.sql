-- When a mail was given up after its last failed attempt (the admin dashboard's "mails failed
-- today"). Mails failed for an account deletion keep NULL: they were not delivery failures.
-- Rows failed before this migration take their creation time.
ALTER TABLE email_notifications ADD COLUMN failed_at timestamptz;
UPDATE email_notifications SET failed_at = created_at
WHERE status = 'failed' AND error_message IS DISTINCT FROM 'account deleted';
CREATE INDEX email_notifications_failed_at ON email_notifications (failed_at) WHERE failed_at IS NOT NULL;
