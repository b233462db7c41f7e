DROP TABLE processed_events;
DROP TABLE email_preferences;
DROP TABLE email_notifications;
