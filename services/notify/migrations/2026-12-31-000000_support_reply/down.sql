DELETE FROM email_notifications WHERE type = 'support_reply';
ALTER TABLE email_notifications DROP CONSTRAINT email_notifications_type_check;
ALTER TABLE email_notifications ADD CONSTRAINT email_notifications_type_check
    CHECK (type IN ('verification_code', 'password_reset', 'email_change', 'welcome', 'security_notice',
                    'friend_request_received', 'friend_request_accepted', 'mentioned_in_diary',
                    'future_diary_delivery', 'inactivity_reminder', 'purchase_receipt'));
