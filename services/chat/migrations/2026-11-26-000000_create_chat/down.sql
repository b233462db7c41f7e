DROP TABLE processed_events;
DROP TABLE chat_memories;
DROP TABLE compatibility_requests;
DROP TABLE chat_messages;
