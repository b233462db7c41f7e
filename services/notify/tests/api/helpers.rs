//! Starts the real notify service on free ports, against a fresh schema, a fresh Redis prefix and
//! either the development file transport or a real SMTP server (deploy/dev/smtp_sink.py).

use std::collections::HashMap;
use std::io::BufRead as _;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use deadpool_redis::redis;
use diesel::QueryableByName;
use diesel::sql_types::{Bool, Integer, Nullable, Text, Timestamptz, Uuid as SqlUuid};
use diesel_async::RunQueryDsl as _;
use meguri_auth::{Role, Subject, TokenMinter};
use meguri_events::{Event, EventsConfig};
use meguri_ids::UserId;
use meguri_proto::notify::mail_requested::{
    FriendRequestAccepted, FriendRequestReceived, Kind, MentionedInDiary, VerificationCode,
};
use meguri_proto::notify::notify_client::NotifyClient;
use meguri_proto::notify::{LetterDelivered, MailRequested};
use meguri_proto::social::LetterSealed;
use meguri_testkit::{Bearer, ManualClock, RedisKeys, redis_url};
use notify::domain::RetryPolicy;
use notify::testkit::{MailTo, TestNotify, TestOptions};
use secrecy::SecretString;
use tonic::service::interceptor::InterceptedService;
use tonic::transport::Channel;

pub use meguri_testkit::fake::FakeIdentity;

pub const SECRET: &str = "test-secret-that-is-long-enough-for-hs256-0123456789";

/// How soon a mail request that could not be taken in is tried again.
pub const REQUEST_RETRY: Duration = Duration::from_millis(500);

/// How long a test waits for something asynchronous before failing.
pub const DEADLINE: Duration = Duration::from_secs(30);

pub type Client = NotifyClient<InterceptedService<Channel, Bearer>>;

/// A pooled connection to the test's schema.
pub type Conn = diesel_async::pooled_connection::deadpool::Object<diesel_async::AsyncPgConnection>;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Polls `check` until it gives a value, failing the test after [`DEADLINE`].
pub async fn eventually<T, F, Fut>(what: &str, check: F) -> T
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Option<T>>,
{
    meguri_testkit::eventually(what, DEADLINE, check).await
}

/// A directory removed on drop.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(what: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("meguri-notify-{what}-{}", uuid::Uuid::new_v4().simple()));
        std::fs::create_dir_all(&dir).expect("create a temp dir");
        Self(dir)
    }

    /// The `.eml` files in the directory (complete ones only), oldest name first.
    pub fn emails(&self) -> Vec<PathBuf> {
        let mut files: Vec<PathBuf> = std::fs::read_dir(&self.0)
            .map(|entries| {
                entries
                    .filter_map(Result::ok)
                    .map(|e| e.path())
                    .filter(|p| p.extension().is_some_and(|x| x == "eml"))
                    .collect()
            })
            .unwrap_or_default();
        files.sort();
        files
    }

    /// Waits until the directory holds `n` messages.
    pub async fn wait_for_emails(&self, n: usize) -> Vec<PathBuf> {
        eventually(&format!("{n} .eml file(s) in {}", self.0.display()), || {
            let files = self.emails();
            async move { (files.len() >= n).then_some(files) }
        })
        .await
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The Python that runs the SMTP sink: `MEGURI_SMTP_PYTHON`, else the venv `deploy/dev/test.sh`
/// makes. Without aiosmtpd the test fails, saying how to get it: never a silent pass.
fn sink_python() -> PathBuf {
    let python = std::env::var_os("MEGURI_SMTP_PYTHON")
        .map_or_else(|| repo_root().join(".dev/tools/venv/bin/python"), PathBuf::from);
    let ok = Command::new(&python)
        .args(["-c", "import aiosmtpd"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    assert!(
        ok,
        "the notify SMTP tests need Python with aiosmtpd, and {} has none. Run deploy/dev/test.sh \
         (it installs aiosmtpd into .dev/tools/venv), or set MEGURI_SMTP_PYTHON to a python that has it.",
        python.display()
    );
    python
}

/// A real SMTP server process (deploy/dev/smtp_sink.py) on a free loopback port, keeping each
/// accepted message as a file. Stopped on drop (and it stops by itself when this process ends:
/// it watches its standard input).
pub struct SmtpSink {
    pub port: u16,
    pub dir: TempDir,
    child: Child,
    _stdin: ChildStdin,
}

impl SmtpSink {
    /// `fail_first`: how many messages it refuses with `451` before accepting.
    pub fn start(fail_first: u32) -> Self {
        let dir = TempDir::new("sink");
        let mut child = Command::new(sink_python())
            .arg(repo_root().join("deploy/dev/smtp_sink.py"))
            .arg("--dir")
            .arg(&dir.0)
            .args(["--port", "0", "--fail-first", &fail_first.to_string()])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start the SMTP sink");
        let stdin = child.stdin.take().expect("sink stdin");
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().expect("sink stdout")).read_line(&mut line).expect("read the port");
        let port =
            line.trim().parse().unwrap_or_else(|_| panic!("the SMTP sink did not print its port (got {line:?})"));
        Self { port, dir, child, _stdin: stdin }
    }

    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What outlives one process of the service: its Redis prefix, its mail directory, and the fake
/// identity it asks for addresses (the schema is the test kit's, shared by every process).
pub struct TestEnv {
    pub prefix: String,
    /// Every key under `prefix`, deleted with the environment.
    _keys: RedisKeys,
    pub mail_dir: TempDir,
    pub identity: FakeIdentity,
}

/// How the app under test delivers mail.
#[derive(Clone)]
pub struct Delivery {
    pub smtp_url: Option<String>,
    pub retry: RetryPolicy,
}

impl Delivery {
    /// The development transport (files in the env's mail directory).
    pub fn files() -> Self {
        Self { smtp_url: None, retry: fast_retry(6) }
    }

    pub fn smtp(url: String) -> Self {
        Self { smtp_url: Some(url), retry: fast_retry(6) }
    }
}

/// Retries 50 ms (by the clock) after a failure instead of 5 s.
pub fn fast_retry(max_attempts: u32) -> RetryPolicy {
    RetryPolicy { delays: vec![Duration::from_millis(50)], max_attempts }
}

/// A notify process (the test kit's) with its environment.
pub struct TestApp {
    pub notify: TestNotify,
    pub env: Arc<TestEnv>,
    minter: TokenMinter,
}

pub async fn spawn_app(delivery: Delivery) -> TestApp {
    let keys = RedisKeys::new();
    let prefix = keys.prefix().to_owned();
    let identity = FakeIdentity::start(SECRET).await;
    let env = Arc::new(TestEnv { prefix, _keys: keys, mail_dir: TempDir::new("dev-mail"), identity });
    let mail = delivery.smtp_url.map_or_else(|| MailTo::Dir(env.mail_dir.0.clone()), MailTo::Smtp);
    let mut options = TestOptions::new(SECRET, &env.prefix, &env.identity.addr(), mail);
    options.retry = delivery.retry;
    options.request_retry = REQUEST_RETRY;
    let notify = notify::testkit::spawn(options).await;
    TestApp {
        notify,
        env,
        minter: TokenMinter::new(&SecretString::from(SECRET.to_owned()), Duration::from_secs(60)).expect("minter"),
    }
}

/// One `email_notifications` row as the tests look at it.
#[derive(QueryableByName, Debug)]
pub struct NotificationRow {
    #[diesel(sql_type = Text)]
    pub status: String,
    #[diesel(sql_type = Integer)]
    pub attempts: i32,
    #[diesel(sql_type = Text)]
    pub recipient: String,
    #[diesel(sql_type = Text)]
    pub r#type: String,
    #[diesel(sql_type = Nullable<Text>)]
    pub error_message: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    pub body_text: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    pub body_html: Option<String>,
    #[diesel(sql_type = Text)]
    pub metadata: String,
    #[diesel(sql_type = Bool)]
    pub has_sent_at: bool,
}

/// A verification-code mail for `hanako@example.jp`.
pub fn verification_mail(user: UserId, code: &str) -> MailRequested {
    MailRequested {
        user_id: Some(user.to_string()),
        to: "hanako@example.jp".into(),
        name: Some("hanako".into()),
        kind: Some(Kind::VerificationCode(VerificationCode { code: code.into(), expires_in_minutes: 15 })),
    }
}

/// social's request: hanako (花子) asked `to` to be friends; the address is left to identity.
pub fn friend_request_received(to: UserId) -> MailRequested {
    social_mail(
        to,
        Kind::FriendRequestReceived(FriendRequestReceived {
            from_username: "hanako".into(),
            from_first_name: Some("花子".into()),
        }),
    )
}

/// social's request: hanako accepted `to`'s friend request.
pub fn friend_request_accepted(to: UserId) -> MailRequested {
    social_mail(
        to,
        Kind::FriendRequestAccepted(FriendRequestAccepted { by_username: "hanako".into(), by_first_name: None }),
    )
}

/// social's request: hanako (花子) mentioned `to` in the entry `entry` of 2026-12-03.
pub fn mentioned_in_diary(to: UserId, entry: uuid::Uuid) -> MailRequested {
    social_mail(
        to,
        Kind::MentionedInDiary(MentionedInDiary {
            from_username: "hanako".into(),
            from_first_name: Some("花子".into()),
            entry_id: entry.to_string(),
            entry_date: "2026-12-03".into(),
        }),
    )
}

fn social_mail(to: UserId, kind: Kind) -> MailRequested {
    MailRequested { user_id: Some(to.to_string()), to: String::new(), name: None, kind: Some(kind) }
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    n: i64,
}

/// The columns of a [`DeliveryRow`].
const DELIVERY_COLUMNS: &str = "SELECT id, status, due_at, attempts, error_message, payload->>'mail' AS mail, \
                                lease_until IS NOT NULL AS leased FROM scheduled_deliveries";

impl TestApp {
    /// A member identity knows, as `<name>@example.jp`.
    pub fn member(&self, name: &str) -> UserId {
        let user = UserId::new();
        self.env.identity.state.add(user, &format!("{name}@example.jp"), name);
        user
    }

    /// Changes `user`'s preferences through the RPC.
    pub async fn set_preferences(&self, user: UserId, update: meguri_proto::notify::UpdateEmailPreferencesRequest) {
        self.user(user).await.update_email_preferences(update).await.expect("preferences changed");
    }

    async fn channel(&self) -> Channel {
        meguri_testkit::connect(&self.notify.addr()).await
    }

    /// The clock every process of this test reads.
    pub fn clock(&self) -> &ManualClock {
        &self.notify.clock
    }

    /// A pooled connection to the schema.
    pub async fn db(&self) -> Conn {
        self.notify.db.pool.get().await.expect("a connection")
    }

    pub async fn client_as(&self, subject: Subject, role: Role) -> Client {
        NotifyClient::with_interceptor(self.channel().await, Bearer { minter: self.minter.clone(), subject, role })
    }

    pub async fn user(&self, user: UserId) -> Client {
        self.client_as(Subject::User(user), Role::User).await
    }

    /// Another process of the service on the same schema, prefix, clock and transport.
    pub async fn restart(&self) -> Self {
        Self { notify: self.notify.start_again().await, env: Arc::clone(&self.env), minter: self.minter.clone() }
    }

    /// Stops the service and waits until it has.
    pub async fn stop(&mut self) {
        self.notify.stop().await;
    }

    async fn redis(&self) -> redis::aio::MultiplexedConnection {
        redis::Client::open(redis_url()).expect("redis url").get_multiplexed_async_connection().await.expect("redis")
    }

    fn key(&self, stream: &str) -> String {
        format!("{}stream:{stream}", self.env.prefix)
    }

    /// Appends `event` to its stream exactly as the outbox relay writes it.
    pub async fn publish<E: Event>(&self, event_id: uuid::Uuid, event: &E) {
        let mut redis = self.redis().await;
        meguri_events::testkit::publish(&mut redis, &EventsConfig::new(&self.env.prefix), event_id, event)
            .await
            .expect("XADD");
    }

    /// Publishes a mail request; returns its event id.
    pub async fn request_mail(&self, request: &MailRequested) -> uuid::Uuid {
        let id = uuid::Uuid::now_v7();
        self.publish_mail_as(id, request).await;
        id
    }

    /// Publishes a mail request under a given event id (a redelivery when the id was used).
    pub async fn publish_mail_as(&self, event_id: uuid::Uuid, request: &MailRequested) {
        self.publish(event_id, request).await;
    }

    /// The number of entries left in `stream`.
    pub async fn stream_len(&self, stream: &str) -> i64 {
        let mut redis = self.redis().await;
        redis::cmd("XLEN").arg(self.key(stream)).query_async(&mut redis).await.expect("XLEN")
    }

    /// Waits until consumer group `group` exists on `stream` (the consumer has started).
    pub async fn wait_for_group(&self, stream: &str, group: &str) {
        let key = self.key(stream);
        eventually(&format!("group {group} on {stream}"), || {
            let key = key.clone();
            async move {
                let mut redis = self.redis().await;
                let groups: Vec<HashMap<String, redis::Value>> =
                    redis::cmd("XINFO").arg("GROUPS").arg(&key).query_async(&mut redis).await.unwrap_or_default();
                groups
                    .iter()
                    .any(|g| {
                        g.get("name").and_then(|v| redis::from_redis_value::<String>(v.clone()).ok()).as_deref()
                            == Some(group)
                    })
                    .then_some(())
            }
        })
        .await;
    }

    /// The row of the mail requested by `event_id`, if any.
    pub async fn notification(&self, event_id: uuid::Uuid) -> Option<NotificationRow> {
        let mut conn = self.db().await;
        diesel::sql_query(
            "SELECT status, attempts, recipient, type, error_message, body_text, body_html, metadata::text AS metadata, \
             sent_at IS NOT NULL AS has_sent_at FROM email_notifications WHERE event_id = $1",
        )
        .bind::<SqlUuid, _>(event_id)
        .get_result(&mut conn)
        .await
        .ok()
    }

    /// Waits until the row of `event_id` has `status`.
    pub async fn wait_for_status(&self, event_id: uuid::Uuid, status: &str) -> NotificationRow {
        eventually(&format!("notification of {event_id} to be {status}"), || async move {
            self.notification(event_id).await.filter(|row| row.status == status)
        })
        .await
    }

    /// [`Self::wait_for_status`] with the clock moving a second per look (retries are due by it).
    pub async fn wait_for_status_over_time(&self, event_id: uuid::Uuid, status: &str) -> NotificationRow {
        eventually(&format!("notification of {event_id} to be {status}"), || async move {
            self.clock().advance(Duration::from_secs(1));
            self.notification(event_id).await.filter(|row| row.status == status)
        })
        .await
    }

    /// How many rows `sql` (a `SELECT count(*) AS n …` with `$1` = `user`) counts.
    pub async fn count(&self, sql: &str, user: UserId) -> i64 {
        let mut conn = self.db().await;
        let row: Count =
            diesel::sql_query(sql).bind::<SqlUuid, _>(*user.as_uuid()).get_result(&mut conn).await.expect("count");
        row.n
    }
}

/// The text/plain part of a MIME message, decoded (base64, quoted-printable, or 7/8-bit).
pub fn text_part(eml: &[u8]) -> String {
    use base64::Engine as _;
    let raw = String::from_utf8_lossy(eml).replace("\r\n", "\n");
    for part in raw.split("\n--") {
        let Some((headers, body)) = part.split_once("\n\n") else { continue };
        let headers = headers.to_ascii_lowercase();
        if !headers.contains("content-type: text/plain") {
            continue;
        }
        let body: Vec<&str> = body.lines().take_while(|l| !l.starts_with("--")).collect();
        if headers.contains("content-transfer-encoding: base64") {
            let bytes = base64::engine::general_purpose::STANDARD.decode(body.concat()).expect("base64 body");
            return String::from_utf8(bytes).expect("utf-8 text");
        }
        if headers.contains("content-transfer-encoding: quoted-printable") {
            return quoted_printable(&body.join("\n"));
        }
        return body.join("\n");
    }
    panic!("no text/plain part in:\n{raw}");
}

fn quoted_printable(text: &str) -> String {
    let joined = text.replace("=\n", "");
    let bytes = joined.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let escaped = (bytes[i] == b'=').then(|| joined.get(i + 1..i + 3)).flatten();
        if let Some(hex) = escaped.and_then(|h| u8::from_str_radix(h, 16).ok()) {
            out.push(hex);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8(out).expect("utf-8 text")
}

/// One `scheduled_deliveries` row as the tests look at it.
#[derive(QueryableByName, Debug, Clone)]
pub struct DeliveryRow {
    #[diesel(sql_type = SqlUuid)]
    pub id: uuid::Uuid,
    #[diesel(sql_type = Text)]
    pub status: String,
    #[diesel(sql_type = Timestamptz)]
    pub due_at: DateTime<Utc>,
    #[diesel(sql_type = Integer)]
    pub attempts: i32,
    #[diesel(sql_type = Nullable<Text>)]
    pub error_message: Option<String>,
    /// `payload->>'mail'`: what became of the mail once done.
    #[diesel(sql_type = Nullable<Text>)]
    pub mail: Option<String>,
    #[diesel(sql_type = Bool)]
    pub leased: bool,
}

/// A letter as social seals it: for `delivery_date`, written on `authored_date`, in `offset`.
pub fn letter(entry: uuid::Uuid, user: UserId, delivery_date: &str, offset: i32) -> LetterSealed {
    LetterSealed {
        entry_id: entry.to_string(),
        user_id: user.to_string(),
        delivery_date: delivery_date.to_owned(),
        authored_date: "2026-01-15".to_owned(),
        timezone_offset_minutes: offset,
    }
}

/// The date `days` after today on the calendar of a writer at `offset` (minutes, `getTimezoneOffset`'s
/// sign: -540 in Japan) at `now`. A letter for it falls due at 07:00 there, at least 7 hours ahead
/// for `days` ≥ 1 — whatever the hour the test runs at (UTC's tomorrow is Japan's today after 15:00
/// UTC, and its 07:00 already past after 22:00 UTC).
pub fn local_date(now: DateTime<Utc>, offset: i32, days: i64) -> String {
    (now - chrono::Duration::minutes(i64::from(offset)) + chrono::Duration::days(days)).date_naive().to_string()
}

/// `s` (RFC 3339) as a UTC time.
pub fn at(s: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(s).expect("RFC 3339").with_timezone(&Utc)
}

impl TestApp {
    /// Publishes `letter` as social's outbox would; returns the event id.
    pub async fn seal(&self, letter: &LetterSealed) -> uuid::Uuid {
        let id = uuid::Uuid::now_v7();
        self.publish(id, letter).await;
        id
    }

    /// The delivery of the letter `entry`, if scheduled.
    pub async fn delivery(&self, entry: uuid::Uuid) -> Option<DeliveryRow> {
        let mut conn = self.db().await;
        diesel::sql_query(format!("{DELIVERY_COLUMNS} WHERE entry_id = $1"))
            .bind::<SqlUuid, _>(entry)
            .get_result(&mut conn)
            .await
            .ok()
    }

    /// Waits until the delivery of `entry` has `status`.
    pub async fn wait_for_delivery(&self, entry: uuid::Uuid, status: &str) -> DeliveryRow {
        eventually(&format!("the delivery of {entry} to be {status}"), || async move {
            self.delivery(entry).await.filter(|row| row.status == status)
        })
        .await
    }

    /// The inactivity reminders of `user`, oldest first.
    pub async fn reminders(&self, user: UserId) -> Vec<DeliveryRow> {
        let mut conn = self.db().await;
        diesel::sql_query(format!(
            "{DELIVERY_COLUMNS} WHERE user_id = $1 AND kind = 'inactivity_reminder' ORDER BY due_at"
        ))
        .bind::<SqlUuid, _>(*user.as_uuid())
        .load(&mut conn)
        .await
        .expect("reminders")
    }

    /// Every LetterDelivered notify has published (relayed to the `notify` stream), oldest first.
    pub async fn letters_delivered(&self) -> Vec<LetterDelivered> {
        let mut redis = self.redis().await;
        meguri_events::testkit::read::<LetterDelivered>(&mut redis, &EventsConfig::new(&self.env.prefix))
            .await
            .expect("the notify stream")
            .into_iter()
            .map(|(_, event)| event)
            .collect()
    }

    /// Waits until `n` LetterDelivered are on the stream.
    pub async fn wait_for_letters_delivered(&self, n: usize) -> Vec<LetterDelivered> {
        eventually(&format!("{n} LetterDelivered"), || async move {
            Some(self.letters_delivered().await).filter(|events| events.len() >= n)
        })
        .await
    }

    /// How many `email_notifications` rows of `mail_type` exist.
    pub async fn mails_of_type(&self, mail_type: &str) -> i64 {
        let mut conn = self.db().await;
        let row: Count = diesel::sql_query("SELECT count(*) AS n FROM email_notifications WHERE type = $1")
            .bind::<Text, _>(mail_type)
            .get_result(&mut conn)
            .await
            .expect("count");
        row.n
    }

    /// Lets the scheduler look a few times (its poll is 50 ms): for checking that nothing happens.
    pub async fn let_the_scheduler_look(&self) {
        tokio::time::sleep(Duration::from_millis(300)).await;
    }

    /// The user's unsubscribe client: a visitor, as the gateway calls it.
    pub async fn visitor(&self) -> Client {
        self.client_as(Subject::Anonymous, Role::Visitor).await
    }
}
