DROP TABLE outbox;
DROP TABLE unsubscribe_tokens;
DROP TABLE member_activity;
DROP TABLE scheduled_deliveries;
DELETE FROM email_notifications
    WHERE type IN ('mentioned_in_diary', 'future_diary_delivery', 'inactivity_reminder');
ALTER TABLE email_notifications DROP CONSTRAINT email_notifications_bodies_cleared;
ALTER TABLE email_notifications DROP COLUMN list_unsubscribe;
ALTER TABLE email_notifications ADD CONSTRAINT email_notifications_bodies_cleared
    CHECK (status = 'pending' OR (body_text IS NULL AND body_html IS NULL));
ALTER TABLE email_notifications DROP CONSTRAINT email_notifications_type_check;
ALTER TABLE email_notifications ADD CONSTRAINT email_notifications_type_check
    CHECK (type IN ('verification_code', 'password_reset', 'email_change', 'welcome', 'security_notice',
                    'friend_request_received', 'friend_request_accepted'));
