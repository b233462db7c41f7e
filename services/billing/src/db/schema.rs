// The `billing` schema, as `diesel print-schema` writes it (see diesel.toml).

diesel::table! {
    balances (user_id) {
        user_id -> Uuid,
        credits -> Int8,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    credit_ledger (id) {
        id -> Uuid,
        user_id -> Uuid,
        delta -> Int8,
        balance_after -> Int8,
        reason -> Text,
        idempotency_key -> Text,
        refund_of -> Nullable<Text>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    processed_events (consumer, event_id) {
        consumer -> Text,
        event_id -> Uuid,
        processed_at -> Timestamptz,
    }
}

diesel::allow_tables_to_appear_in_same_query!(balances, credit_ledger, processed_events);
