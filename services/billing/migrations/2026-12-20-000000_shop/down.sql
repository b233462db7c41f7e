DROP TABLE outbox;
DROP TABLE early_refunds;
DROP TABLE stripe_events;
DROP TABLE purchases;
DROP TABLE credit_packs;
