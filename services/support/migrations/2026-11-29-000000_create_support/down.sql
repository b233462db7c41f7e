DROP TABLE processed_events;
DROP TABLE outbox;
DROP TABLE support_attachments;
DROP TABLE support_ticket_messages;
DROP TABLE support_tickets;
