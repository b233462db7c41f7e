// The tables of the `fortune` schema (diesel `table!` definitions, matching the migrations).

diesel::table! {
    charts (user_id) {
        user_id -> Uuid,
        status -> Text,
        chart -> Nullable<Bytea>,
        input_fingerprint -> Nullable<Text>,
        profile_incomplete -> Bool,
        attempts -> Int4,
        last_error -> Nullable<Text>,
        retryable -> Bool,
        next_attempt_at -> Nullable<Timestamptz>,
        lease_until -> Nullable<Timestamptz>,
        rebuild_requested -> Bool,
        built_at -> Nullable<Timestamptz>,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    daily_readings (user_id, local_date) {
        user_id -> Uuid,
        local_date -> Date,
        lines -> Array<Text>,
        dos -> Array<Text>,
        donts -> Array<Text>,
        reasons -> Jsonb,
        words -> Jsonb,
        content_hash -> Text,
        engine -> Text,
        day_pillar -> Text,
        generated_at -> Timestamptz,
    }
}

diesel::table! {
    daily_friend_updates (user_id) {
        user_id -> Uuid,
        local_date -> Date,
        updates -> Jsonb,
        friend_ids -> Array<Uuid>,
        built_at -> Timestamptz,
    }
}

diesel::table! {
    fortune_badges (id) {
        id -> Text,
        name -> Text,
        description -> Text,
        #[sql_name = "type"]
        type_ -> Text,
        is_active -> Bool,
        sort_order -> Int4,
    }
}

diesel::table! {
    fortune_ratings (id) {
        id -> Uuid,
        user_id -> Uuid,
        fortune_type -> Text,
        fortune_content_hash -> Text,
        rating -> Text,
        feedback_text -> Nullable<Text>,
        context -> Nullable<Jsonb>,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    yearly_fortune_reports (id) {
        id -> Uuid,
        user_id -> Uuid,
        year -> Int4,
        status -> Text,
        content -> Nullable<Jsonb>,
        engine -> Nullable<Text>,
        last_error -> Nullable<Text>,
        next_attempt_at -> Nullable<Timestamptz>,
        generated_at -> Nullable<Timestamptz>,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    life_fortune_reports (id) {
        id -> Uuid,
        user_id -> Uuid,
        status -> Text,
        content -> Nullable<Jsonb>,
        important_dates -> Array<Text>,
        engine -> Nullable<Text>,
        last_error -> Nullable<Text>,
        next_attempt_at -> Nullable<Timestamptz>,
        generated_at -> Nullable<Timestamptz>,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::allow_tables_to_appear_in_same_query!(
    charts,
    daily_friend_updates,
    daily_readings,
    fortune_badges,
    fortune_ratings,
    yearly_fortune_reports,
    life_fortune_reports,
);
