-- Issue 24: a staff reply to a member's support ticket (support's MailRequested.SupportReply).
ALTER TABLE email_notifications DROP CONSTRAINT email_notifications_type_check;
ALTER TABLE email_notifications ADD CONSTRAINT email_notifications_type_check
    CHECK (type IN ('verification_code', 'password_reset', 'email_change', 'welcome', 'security_notice',
                    'friend_request_received', 'friend_request_accepted', 'mentioned_in_diary',
                    'future_diary_delivery', 'inactivity_reminder', 'purchase_receipt', 'support_reply'));
