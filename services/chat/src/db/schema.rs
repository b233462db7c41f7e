// The `chat` schema, as `diesel print-schema` writes it (see diesel.toml); every connection's
// search_path is the schema, so tables are not qualified.

diesel::table! {
    chat_memories (user_id) {
        user_id -> Uuid,
        summary -> Text,
        summarized_through -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    chat_messages (id) {
        id -> Uuid,
        user_id -> Uuid,
        message -> Text,
        response -> Text,
        response_messages -> Jsonb,
        credits_used -> Int4,
        status -> Text,
        engine -> Nullable<Text>,
        failure_code -> Nullable<Text>,
        created_at -> Timestamptz,
        completed_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    compatibility_requests (id) {
        id -> Uuid,
        user_id -> Uuid,
        chat_message_id -> Uuid,
        target_birth_date -> Date,
        target_birth_time -> Nullable<Text>,
        target_birth_location -> Nullable<Text>,
        target_gender -> Text,
        target_label -> Nullable<Text>,
        compatibility_result -> Nullable<Jsonb>,
        is_completed -> Bool,
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

diesel::allow_tables_to_appear_in_same_query!(chat_memories, chat_messages, compatibility_requests, processed_events,);
