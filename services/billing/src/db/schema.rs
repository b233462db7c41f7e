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
        seq -> Int8,
        note -> Nullable<Text>,
        actor_id -> Nullable<Uuid>,
    }
}

diesel::table! {
    processed_events (consumer, event_id) {
        consumer -> Text,
        event_id -> Uuid,
        processed_at -> Timestamptz,
    }
}

diesel::table! {
    credit_packs (id) {
        id -> Int4,
        title -> Text,
        description -> Text,
        credits -> Int8,
        price_yen -> Int8,
        active -> Bool,
        sort_order -> Int4,
        created_at -> Timestamptz,
        retired_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    purchases (id) {
        id -> Uuid,
        user_id -> Uuid,
        stripe_payment_intent_id -> Nullable<Text>,
        item_id -> Int4,
        item_title -> Text,
        item_description -> Text,
        amount -> Int8,
        quantity -> Int4,
        credits_granted -> Int8,
        status -> Text,
        stripe_session_id -> Nullable<Text>,
        metadata -> Jsonb,
        created_at -> Timestamptz,
        completed_at -> Nullable<Timestamptz>,
        attempt_id -> Uuid,
        credits_clawed_back -> Int8,
        clawback_shortfall -> Int8,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    stripe_events (id) {
        id -> Text,
        #[sql_name = "type"]
        type_ -> Text,
        received_at -> Timestamptz,
        purchase_id -> Nullable<Uuid>,
    }
}

diesel::table! {
    early_refunds (payment_intent_id) {
        payment_intent_id -> Text,
        event_id -> Text,
        received_at -> Timestamptz,
    }
}

diesel::table! {
    outbox (id) {
        id -> Uuid,
        stream -> Text,
        event_type -> Text,
        envelope -> Bytea,
        created_at -> Timestamptz,
    }
}

diesel::joinable!(purchases -> credit_packs (item_id));
diesel::joinable!(stripe_events -> purchases (purchase_id));

diesel::allow_tables_to_appear_in_same_query!(
    balances,
    credit_ledger,
    credit_packs,
    early_refunds,
    outbox,
    processed_events,
    purchases,
    stripe_events,
);
