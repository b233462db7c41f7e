DROP INDEX email_notifications_failed_at;
ALTER TABLE email_notifications DROP COLUMN failed_at;
