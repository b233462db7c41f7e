// The `social` schema, as `diesel print-schema` writes it (see diesel.toml); every connection's
// search_path is the schema, so tables are not qualified.

diesel::table! {
    blocks (blocker_id, blocked_id) {
        blocker_id -> Uuid,
        blocked_id -> Uuid,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    diary_entries (id) {
        id -> Uuid,
        user_id -> Uuid,
        client_id -> Uuid,
        content -> Text,
        date -> Date,
        publish_to_future -> Bool,
        delivery_date -> Nullable<Date>,
        authored_date -> Nullable<Date>,
        delivered_at -> Nullable<Timestamptz>,
        has_been_shown -> Bool,
        email_sent -> Bool,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    diary_write_log (id) {
        id -> Int8,
        user_id -> Uuid,
        written_at -> Timestamptz,
    }
}

diesel::table! {
    friend_request_log (id) {
        id -> Int8,
        requester_id -> Uuid,
        recipient_id -> Uuid,
        sent_at -> Timestamptz,
    }
}

diesel::table! {
    friendships (user_low, user_high) {
        user_low -> Uuid,
        user_high -> Uuid,
        requester_id -> Uuid,
        status -> Text,
        created_at -> Timestamptz,
        accepted_at -> Nullable<Timestamptz>,
        compatibility_status -> Nullable<Text>,
        compatibility_score -> Nullable<Int4>,
        compatibility_analysis -> Nullable<Jsonb>,
        compatibility_computed_at -> Nullable<Timestamptz>,
        compatibility_version -> Int4,
        compatibility_attempts -> Int4,
        compatibility_due_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    member_backfills (id) {
        id -> Int4,
        completed_at -> Timestamptz,
        members -> Int4,
    }
}

diesel::table! {
    member_tombstones (user_id) {
        user_id -> Uuid,
        deleted_at -> Timestamptz,
    }
}

diesel::table! {
    members (user_id) {
        user_id -> Uuid,
        username -> Text,
        username_key -> Text,
        first_name -> Nullable<Text>,
        profile_image_url -> Nullable<Text>,
        profile_updated_at -> Timestamptz,
    }
}

diesel::table! {
    mention_notifications (id) {
        id -> Uuid,
        user_id -> Uuid,
        mentioner_id -> Uuid,
        diary_entry_id -> Uuid,
        has_been_shown -> Bool,
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

diesel::joinable!(mention_notifications -> diary_entries (diary_entry_id));

diesel::allow_tables_to_appear_in_same_query!(
    blocks,
    diary_entries,
    diary_write_log,
    friend_request_log,
    friendships,
    members,
    member_tombstones,
    mention_notifications,
);
