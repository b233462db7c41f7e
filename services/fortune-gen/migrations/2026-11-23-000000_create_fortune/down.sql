DROP TABLE outbox;
DROP TABLE processed_events;
DROP TABLE life_fortune_reports;
DROP TABLE yearly_fortune_reports;
DROP TABLE fortune_ratings;
DROP TABLE fortune_badges;
DROP TABLE daily_readings;
DROP TABLE charts;
