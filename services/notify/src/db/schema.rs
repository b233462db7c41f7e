// The `notify` schema, as `diesel print-schema` writes it (see diesel.toml).

diesel::table! {
    email_notifications (id) {
        id -> Uuid,
        event_id -> Uuid,
        user_id -> Nullable<Uuid>,
        recipient -> Text,
        subject -> Text,
        #[sql_name = "type"]
        type_ -> Text,
        status -> Text,
        error_message -> Nullable<Text>,
        metadata -> Jsonb,
        attempts -> Int4,
        next_attempt_at -> Timestamptz,
        body_text -> Nullable<Text>,
        body_html -> Nullable<Text>,
        sent_at -> Nullable<Timestamptz>,
        created_at -> Timestamptz,
        list_unsubscribe -> Nullable<Text>,
        failed_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    email_preferences (user_id) {
        user_id -> Uuid,
        friend_request_received -> Bool,
        friend_request_accepted -> Bool,
        mentioned_in_diary -> Bool,
        future_diary_delivery -> Bool,
        inactivity_reminder -> Bool,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    member_activity (user_id) {
        user_id -> Uuid,
        last_visit_at -> Timestamptz,
        last_reminded_at -> Nullable<Timestamptz>,
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

diesel::table! {
    processed_events (consumer, event_id) {
        consumer -> Text,
        event_id -> Uuid,
        processed_at -> Timestamptz,
    }
}

diesel::table! {
    scheduled_deliveries (id) {
        id -> Uuid,
        kind -> Text,
        user_id -> Uuid,
        entry_id -> Nullable<Uuid>,
        due_at -> Timestamptz,
        status -> Text,
        attempts -> Int4,
        error_message -> Nullable<Text>,
        lease_until -> Nullable<Timestamptz>,
        payload -> Jsonb,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
        done_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    unsubscribe_tokens (id) {
        id -> Uuid,
        user_id -> Uuid,
        preference -> Text,
        created_at -> Timestamptz,
        used_at -> Nullable<Timestamptz>,
    }
}

diesel::allow_tables_to_appear_in_same_query!(
    email_notifications,
    email_preferences,
    member_activity,
    outbox,
    processed_events,
    scheduled_deliveries,
    unsubscribe_tokens,
);
