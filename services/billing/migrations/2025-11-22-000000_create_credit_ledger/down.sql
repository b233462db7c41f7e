DROP TABLE processed_events;
DROP TABLE balances;
DROP TABLE credit_ledger;
