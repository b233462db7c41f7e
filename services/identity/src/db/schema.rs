// The tables of the `identity` schema (diesel `table!` definitions, matching the migrations).

diesel::table! {
    users (id) {
        id -> Uuid,
        email -> Text,
        password_hash -> Text,
        username -> Nullable<Text>,
        first_name -> Nullable<Text>,
        last_name -> Nullable<Text>,
        profile_image_url -> Nullable<Text>,
        gender -> Nullable<Text>,
        honorific -> Nullable<Text>,
        is_email_verified -> Bool,
        birth_date -> Nullable<Date>,
        birth_time -> Nullable<Text>,
        birth_location -> Nullable<Text>,
        birth_longitude -> Nullable<Float8>,
        birth_latitude -> Nullable<Float8>,
        timezone_offset -> Nullable<Int4>,
        google_id -> Nullable<Text>,
        apple_id -> Nullable<Text>,
        pending_email -> Nullable<Text>,
        last_login_at -> Nullable<Timestamptz>,
        has_completed_onboarding -> Bool,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
        deleted_at -> Nullable<Timestamptz>,
        birth_updated_at -> Nullable<Timestamptz>,
        username_key -> Nullable<Text>,
        birth_time_unknown -> Bool,
        inviter_id -> Nullable<Uuid>,
        profile_updated_at -> Timestamptz,
        birth_dst_choice -> Nullable<Text>,
    }
}

diesel::table! {
    user_consent (id) {
        id -> Uuid,
        user_id -> Uuid,
        privacy_policy_accepted -> Bool,
        privacy_policy_version -> Nullable<Text>,
        analytics_consent -> Bool,
        marketing_consent -> Bool,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    email_verification_codes (user_id) {
        user_id -> Uuid,
        code_digest -> Bytea,
        expires_at -> Timestamptz,
        failed_attempts -> Int4,
        sent_at -> Timestamptz,
        used_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    password_reset_tokens (token_digest) {
        token_digest -> Bytea,
        user_id -> Uuid,
        expires_at -> Timestamptz,
        used_at -> Nullable<Timestamptz>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    email_change_tokens (token_digest) {
        token_digest -> Bytea,
        user_id -> Uuid,
        new_email -> Text,
        expires_at -> Timestamptz,
        used_at -> Nullable<Timestamptz>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    admin_users (id) {
        id -> Uuid,
        email -> Text,
        password_hash -> Text,
        role -> Text,
        is_active -> Bool,
        last_login -> Nullable<Timestamptz>,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    audit_log (id) {
        id -> Uuid,
        at -> Timestamptz,
        actor_id -> Uuid,
        action -> Text,
        target_type -> Text,
        target_id -> Uuid,
        before -> Nullable<Text>,
        after -> Nullable<Text>,
        reason -> Nullable<Text>,
        recorded_at -> Timestamptz,
    }
}
