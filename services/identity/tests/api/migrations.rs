//! The data migrations of issue 11 keep old rows' meaning: a birth time stored before the
//! "unknown" flag was given or accepted (known), and the never-written offset 0 becomes "never
//! reported" (NULL).

use diesel::sql_types::{Bool, Integer, Nullable, Text};
use diesel_async::async_connection_wrapper::AsyncConnectionWrapper;
use diesel_async::{AsyncConnection as _, AsyncPgConnection, RunQueryDsl as _, SimpleAsyncConnection as _};
use diesel_migrations::MigrationHarness as _;
use identity::startup::MIGRATIONS;
use identity::testkit::admin_url;
use meguri_db::TestDb;
use secrecy::ExposeSecret as _;

/// The migrations this test steps back over, newest first: the two of issue 11 and the later ones.
const STEPPED_BACK: [&str; 7] = [
    "20270103000000",
    "20270102000000",
    "20261230000000",
    "20261202000000",
    "20261201000000",
    "20261125101200",
    "20261125101100",
];

async fn connect(db: &TestDb) -> AsyncPgConnection {
    let mut conn = AsyncPgConnection::establish(db.config.url.expose_secret()).await.expect("connect");
    conn.batch_execute(&format!("SET search_path TO \"{}\"", db.schema)).await.expect("search_path");
    conn
}

#[derive(diesel::QueryableByName)]
struct Row {
    #[diesel(sql_type = Text)]
    birth_time: String,
    #[diesel(sql_type = Bool)]
    birth_time_unknown: bool,
    #[diesel(sql_type = Nullable<Integer>)]
    timezone_offset: Option<i32>,
    #[diesel(sql_type = Nullable<Text>)]
    birth_dst_choice: Option<String>,
}

#[tokio::test(flavor = "multi_thread")]
async fn rows_from_before_keep_a_known_time_and_lose_the_never_written_offset() {
    let db = TestDb::create(&admin_url(), MIGRATIONS).await.expect("a migrated schema");
    // Back to the schema before issue 11.
    let conn = connect(&db).await;
    let reverted = tokio::task::spawn_blocking(move || {
        let mut conn = AsyncConnectionWrapper::<AsyncPgConnection>::from(conn);
        STEPPED_BACK.map(|_| conn.revert_last_migration(MIGRATIONS).map(|v| v.to_string()).expect("revert"))
    })
    .await
    .expect("revert thread");
    assert_eq!(reverted, STEPPED_BACK);

    // A member stored then: sign-up filled 12:00, the offset column kept its default 0.
    let mut conn = connect(&db).await;
    conn.batch_execute(
        "INSERT INTO users (id, email, password_hash, birth_date, birth_time) \
         VALUES ('0191b7e4-8a4e-7c3a-9b55-3f1d2c4e5a6b', 'old@example.jp', 'x', '1990-05-15', '12:00')",
    )
    .await
    .expect("an old row");

    let applied = meguri_db::run_migrations(&db.config, MIGRATIONS).await.expect("migrate again");
    assert_eq!(applied.len(), STEPPED_BACK.len(), "{applied:?}");

    let row: Row =
        diesel::sql_query("SELECT birth_time, birth_time_unknown, timezone_offset, birth_dst_choice FROM users")
            .get_result(&mut conn)
            .await
            .expect("the row");
    assert_eq!(row.birth_time, "12:00");
    assert!(!row.birth_time_unknown, "stored with a time: known");
    assert_eq!(row.timezone_offset, None, "never reported");
    assert_eq!(row.birth_dst_choice, None, "no summer-time choice: the engine refused such times then");
    // The choice column takes the engine's three words only.
    assert!(conn.batch_execute("UPDATE users SET birth_dst_choice = 'summer'").await.is_err());
    conn.batch_execute("UPDATE users SET birth_dst_choice = 'standard'").await.expect("a choice");
    // The column now refuses offsets no browser gives.
    let out_of_range = conn.batch_execute("UPDATE users SET timezone_offset = 900").await;
    assert!(out_of_range.is_err());
}
