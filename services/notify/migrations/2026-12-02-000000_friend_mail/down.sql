-- Rows of the two social kinds would break the older check: they go first.
DELETE FROM email_notifications WHERE type IN ('friend_request_received', 'friend_request_accepted');
ALTER TABLE email_notifications DROP CONSTRAINT email_notifications_type_check;
ALTER TABLE email_notifications ADD CONSTRAINT email_notifications_type_check
    CHECK (type IN ('verification_code', 'password_reset', 'email_change', 'welcome', 'security_notice'));
