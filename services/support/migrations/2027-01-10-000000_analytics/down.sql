DROP TABLE analytics_jobs;
DROP TABLE daily_analytics;
DROP TABLE analytics_events;
DROP TABLE user_sessions;
DROP TABLE analytics_visitor_withdrawals;
DROP TABLE analytics_consent;
