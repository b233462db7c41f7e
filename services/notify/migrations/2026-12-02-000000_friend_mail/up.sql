-- Issue 13: social's two mail kinds (a friend request received, a friend request accepted).
ALTER TABLE email_notifications DROP CONSTRAINT email_notifications_type_check;
ALTER TABLE email_notifications ADD CONSTRAINT email_notifications_type_check
    CHECK (type IN ('verification_code', 'password_reset', 'email_change', 'welcome', 'security_notice',
                    'friend_request_received', 'friend_request_accepted'));
