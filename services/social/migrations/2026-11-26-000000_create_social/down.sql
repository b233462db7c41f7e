DROP TABLE processed_events;
DROP TABLE outbox;
DROP TABLE friend_request_log;
DROP TABLE blocks;
DROP TABLE friendships;
DROP TABLE member_backfills;
DROP TABLE member_tombstones;
DROP TABLE members;
