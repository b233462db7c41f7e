// The `chat` schema, as `diesel print-schema` writes it (see diesel.toml); every connection's
// search_path is the schema, so tables are not qualified.

diesel::table! {
    notes (id) {
        id -> Uuid,
        body -> Text,
        created_at -> Timestamptz,
    }
}
