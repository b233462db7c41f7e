DROP TABLE diary_write_log;
DROP TABLE mention_notifications;
DROP TABLE diary_entries;
