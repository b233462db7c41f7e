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
    processed_events (consumer, event_id) {
        consumer -> Text,
        event_id -> Uuid,
        processed_at -> Timestamptz,
    }
}

diesel::allow_tables_to_appear_in_same_query!(email_notifications, email_preferences, processed_events);
