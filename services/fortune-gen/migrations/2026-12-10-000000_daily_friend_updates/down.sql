DROP TABLE daily_friend_updates;
