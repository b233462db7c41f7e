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

diesel::table! {
    analytics_consent (user_id) {
        user_id -> Uuid,
        granted -> Bool,
        changed_at -> Timestamptz,
    }
}

diesel::table! {
    analytics_visitor_withdrawals (visitor_id) {
        visitor_id -> Uuid,
        withdrawn_at -> Timestamptz,
    }
}

diesel::table! {
    user_sessions (id) {
        id -> Uuid,
        user_id -> Nullable<Uuid>,
        visitor_id -> Nullable<Uuid>,
        ip_address -> Text,
        country -> Nullable<Text>,
        city -> Nullable<Text>,
        browser_name -> Nullable<Text>,
        browser_version -> Nullable<Text>,
        os -> Nullable<Text>,
        referrer -> Nullable<Text>,
        landing_page -> Nullable<Text>,
        session_start -> Timestamptz,
        session_end -> Timestamptz,
        page_views -> Int4,
    }
}

diesel::table! {
    analytics_events (id) {
        id -> Uuid,
        user_id -> Nullable<Uuid>,
        visitor_id -> Nullable<Uuid>,
        session_id -> Nullable<Uuid>,
        event_type -> Text,
        event_data -> Jsonb,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    daily_analytics (date) {
        date -> Date,
        new_users -> Int4,
        active_users -> Int4,
        weekly_active_users -> Int4,
        monthly_active_users -> Int4,
        visits -> Int4,
        page_views -> Int4,
        feature_usage -> Jsonb,
        funnel -> Jsonb,
        geographics -> Jsonb,
        browser_stats -> Jsonb,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    analytics_jobs (job, day) {
        job -> Text,
        day -> Date,
        finished_at -> Timestamptz,
    }
}

diesel::joinable!(analytics_events -> user_sessions (session_id));
