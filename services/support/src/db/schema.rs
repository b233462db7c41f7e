// The `support` schema, as `diesel print-schema` writes it (see diesel.toml); every connection's
// search_path is the schema, so tables are not qualified.

diesel::table! {
    support_tickets (id) {
        id -> Uuid,
        user_id -> Nullable<Uuid>,
        request_id -> Uuid,
        subject -> Text,
        message -> Text,
        status -> Text,
        priority -> Text,
        attachments -> Jsonb,
        assigned_to -> Nullable<Uuid>,
        response -> Nullable<Text>,
        last_message_at -> Timestamptz,
        last_message_preview -> Text,
        message_count -> Int4,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
        closed_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    support_ticket_messages (id) {
        id -> Uuid,
        ticket_id -> Uuid,
        request_id -> Nullable<Uuid>,
        author_type -> Text,
        author_id -> Nullable<Uuid>,
        author_name -> Nullable<Text>,
        body -> Text,
        attachments -> Jsonb,
        via -> Text,
        internal -> Bool,
        reply_token -> Nullable<Text>,
        reply_token_expires_at -> Nullable<Timestamptz>,
        is_read -> Bool,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    support_attachments (id) {
        id -> Uuid,
        ticket_id -> Uuid,
        message_id -> Uuid,
        content_type -> Text,
        size_bytes -> Int4,
        width -> Int4,
        height -> Int4,
        created_at -> Timestamptz,
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

diesel::joinable!(support_ticket_messages -> support_tickets (ticket_id));
diesel::joinable!(support_attachments -> support_tickets (ticket_id));

diesel::allow_tables_to_appear_in_same_query!(
    support_tickets,
    support_ticket_messages,
    support_attachments,
    outbox,
    processed_events,
);
