//! Against the real PostgreSQL at `DATABASE_URL` (default `postgres://postgres@127.0.0.1:5432/postgres`,
//! a superuser). Every test makes its own `test_<uuid>` schema and role, so tests run in parallel
//! and again without leftovers.

use diesel::sql_types::{Bool, Text};
use diesel_async::{AsyncConnection as _, AsyncPgConnection, RunQueryDsl as _, SimpleAsyncConnection as _};
use diesel_migrations::{EmbeddedMigrations, embed_migrations};
use meguri_db::{DbConfig, DbError, TestDb};
use secrecy::SecretString;

const MIGRATIONS: EmbeddedMigrations = embed_migrations!("tests/migrations");

fn admin_url() -> SecretString {
    let url = std::env::var("DATABASE_URL")
        .ok()
        .filter(|v| !v.trim().is_empty())
        .unwrap_or_else(|| "postgres://postgres@127.0.0.1:5432/postgres".to_owned());
    SecretString::from(url)
}

async fn admin() -> AsyncPgConnection {
    use secrecy::ExposeSecret as _;
    AsyncPgConnection::establish(admin_url().expose_secret()).await.expect("admin connection")
}

/// `EXISTS (<sql_before> $1 <sql_after>)`, as the admin.
async fn exists(sql_before: &str, arg: &str, sql_after: &str) -> bool {
    let mut conn = admin().await;
    diesel::select(
        diesel::dsl::sql::<Bool>(&format!("EXISTS ({sql_before} "))
            .bind::<Text, _>(arg.to_owned())
            .sql(&format!(" {sql_after})")),
    )
    .get_result(&mut conn)
    .await
    .expect("exists query")
}

async fn table_exists(schema: &str, table: &str) -> bool {
    let mut conn = admin().await;
    diesel::select(
        diesel::dsl::sql::<Bool>("EXISTS (SELECT 1 FROM information_schema.tables WHERE table_schema = ")
            .bind::<Text, _>(schema.to_owned())
            .sql(" AND table_name = ")
            .bind::<Text, _>(table.to_owned())
            .sql(")"),
    )
    .get_result(&mut conn)
    .await
    .expect("information_schema query")
}

fn permission_denied(result: Result<usize, diesel::result::Error>) -> String {
    match result {
        Err(diesel::result::Error::DatabaseError(_, info)) => {
            let message = info.message().to_owned();
            assert!(message.contains("permission denied"), "expected a permission error, got {message:?}");
            message
        }
        other => panic!("expected a permission error, got {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn provisioning_twice_is_fine() {
    let db = TestDb::create(&admin_url(), MIGRATIONS).await.expect("test db");

    for password in ["first 'quoted' pw", "second\\pw"] {
        meguri_db::provision(&admin_url(), &db.schema, &db.role, &SecretString::from(password))
            .await
            .expect("provision again");
    }

    assert!(
        exists(
            "SELECT 1 FROM pg_namespace n JOIN pg_roles r ON r.oid = n.nspowner WHERE n.nspname = r.rolname AND n.nspname =",
            &db.schema,
            "AND r.rolcanlogin",
        )
        .await,
        "the schema is owned by its login role"
    );
    assert!(table_exists(&db.schema, "notes").await, "re-provisioning keeps the tables");
    meguri_db::ping(&db.pool).await.expect("the pool still works");
}

#[tokio::test(flavor = "multi_thread")]
async fn migrations_create_the_table_in_the_test_schema() {
    let db = TestDb::create(&admin_url(), MIGRATIONS).await.expect("test db");

    assert!(table_exists(&db.schema, "notes").await);
    assert!(table_exists(&db.schema, "__diesel_schema_migrations").await, "diesel's bookkeeping is per schema");
    assert!(!table_exists("public", "notes").await);
    let again = meguri_db::run_migrations(&db.config, MIGRATIONS).await.expect("re-run");
    assert!(again.is_empty(), "nothing left to apply, got {again:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn pooled_connections_use_the_schema_search_path() {
    let db = TestDb::create(&admin_url(), MIGRATIONS).await.expect("test db");

    // Hold several at once, so each is a connection the pool opened itself.
    let mut conns = Vec::new();
    for _ in 0..3 {
        conns.push(db.pool.get().await.expect("pooled connection"));
    }
    for conn in &mut conns {
        let schema: String =
            diesel::select(diesel::dsl::sql::<Text>("current_schema()")).get_result(&mut **conn).await.expect("query");
        assert_eq!(schema, db.schema);
    }
    let conn = &mut conns[0];
    conn.batch_execute("INSERT INTO notes (body) VALUES ('巡り')").await.expect("unqualified insert");
    let body: String = diesel::select(diesel::dsl::sql::<Text>("(SELECT body FROM notes)"))
        .get_result(&mut **conn)
        .await
        .expect("read");
    assert_eq!(body, "巡り");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_service_role_cannot_read_another_services_schema() {
    let mine = TestDb::create(&admin_url(), MIGRATIONS).await.expect("test db");
    let theirs = TestDb::create(&admin_url(), MIGRATIONS).await.expect("test db");

    let mut conn = mine.pool.get().await.expect("pooled connection");
    let result = diesel::sql_query(format!("SELECT * FROM \"{}\".notes", theirs.schema)).execute(&mut *conn).await;

    let message = permission_denied(result);
    assert!(message.contains(&theirs.schema), "{message}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_service_role_cannot_create_tables_in_public() {
    let db = TestDb::create(&admin_url(), MIGRATIONS).await.expect("test db");
    let mut conn = db.pool.get().await.expect("pooled connection");

    let result =
        diesel::sql_query(format!("CREATE TABLE public.{}_intruder (id int)", db.schema)).execute(&mut *conn).await;

    permission_denied(result);
    assert!(!table_exists("public", &format!("{}_intruder", db.schema)).await);
}

#[tokio::test(flavor = "multi_thread")]
async fn dropping_the_test_db_removes_its_schema_and_role() {
    let db = TestDb::create(&admin_url(), MIGRATIONS).await.expect("test db");
    let (schema, role) = (db.schema.clone(), db.role.clone());
    assert!(exists("SELECT 1 FROM pg_namespace WHERE nspname =", &schema, "").await);

    drop(db);

    assert!(!exists("SELECT 1 FROM pg_namespace WHERE nspname =", &schema, "").await, "schema left behind");
    assert!(!exists("SELECT 1 FROM pg_roles WHERE rolname =", &role, "").await, "role left behind");
}

#[tokio::test(flavor = "multi_thread")]
async fn an_invalid_schema_name_is_refused_before_any_sql_runs() {
    // Nothing listens on port 1: reaching the network would be a Connect error, not InvalidName.
    let unreachable = SecretString::from("postgres://nobody@127.0.0.1:1/nowhere");
    let bad = ["Identity", "a\"; DROP SCHEMA public; --", "", "9lives", "a-b"];

    for name in bad {
        let config = DbConfig { url: unreachable.clone(), schema: name.to_owned(), max_connections: 1 };
        assert!(matches!(meguri_db::connect(&config).await, Err(DbError::InvalidName { kind: "schema", .. })));
        assert!(matches!(
            meguri_db::run_migrations(&config, MIGRATIONS).await,
            Err(DbError::InvalidName { kind: "schema", .. })
        ));
        let password = SecretString::from("pw");
        assert!(matches!(
            meguri_db::provision(&unreachable, name, "fine_role", &password).await,
            Err(DbError::InvalidName { kind: "schema", .. })
        ));
        assert!(matches!(
            meguri_db::provision(&unreachable, "fine_schema", name, &password).await,
            Err(DbError::InvalidName { kind: "role", .. })
        ));
    }
    // And a valid name does reach the network, so the check above is not vacuous.
    let config = DbConfig { url: unreachable, schema: "fine_schema".to_owned(), max_connections: 1 };
    assert!(matches!(meguri_db::connect(&config).await, Err(DbError::Connect { .. })));
}

#[tokio::test(flavor = "multi_thread")]
async fn migrations_refuse_a_schema_that_was_never_provisioned() {
    let config =
        DbConfig { url: admin_url(), schema: format!("missing_{}", uuid::Uuid::new_v4().simple()), max_connections: 1 };

    let result = meguri_db::run_migrations(&config, MIGRATIONS).await;

    assert!(matches!(result, Err(DbError::Migration { .. })), "{result:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn pool_metrics_and_ping_work_on_a_live_pool() {
    let db = TestDb::create(&admin_url(), MIGRATIONS).await.expect("test db");

    meguri_db::ping(&db.pool).await.expect("ping");
    // No recorder is installed in this test: this checks only that recording does not panic.
    meguri_db::record_pool_metrics(&db.pool, &db.schema);
    let status = db.pool.status();
    assert!(status.size >= 1 && status.available <= status.size);
}
