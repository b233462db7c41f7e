DROP TABLE outbox;
DROP TABLE admin_users;
DROP TABLE email_change_tokens;
DROP TABLE password_reset_tokens;
DROP TABLE email_verification_codes;
DROP TABLE user_consent;
DROP TABLE users;
