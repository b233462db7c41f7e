//! The service under test and clients acting as its callers.

use std::time::Duration;

use meguri_auth::{Role, Subject, TokenMinter};
use meguri_events::EventsConfig;
use meguri_ids::UserId;
use meguri_proto::meguri::support::v1 as pb;
use meguri_proto::notify::MailRequested;
use meguri_testkit::Bearer;
use pb::support_client::SupportClient;
use secrecy::SecretString;
use support::testkit::TestSupport;
use tonic::service::interceptor::InterceptedService;
use tonic::transport::Channel;

pub const SECRET: &str = "test-secret-that-is-long-enough-for-hs256-0123456789";

pub type Client = SupportClient<InterceptedService<Channel, Bearer>>;

pub struct TestApp {
    pub service: TestSupport,
    channel: Channel,
    /// The Redis key prefix of this service's event streams.
    pub prefix: String,
    _keys: meguri_testkit::RedisKeys,
}

pub async fn spawn_app() -> TestApp {
    let keys = meguri_testkit::RedisKeys::new();
    let prefix = keys.prefix().to_owned();
    let service = support::testkit::spawn(SECRET, &prefix).await;
    let channel = meguri_testkit::connect(&service.addr()).await;
    TestApp { service, channel, prefix, _keys: keys }
}

impl TestApp {
    /// A client acting for `subject` in `role`, as the gateway would call.
    pub fn as_caller(&self, subject: Subject, role: Role) -> Client {
        let minter = TokenMinter::new(&SecretString::from(SECRET.to_owned()), Duration::from_secs(60)).expect("minter");
        SupportClient::with_interceptor(self.channel.clone(), Bearer { minter, subject, role })
    }

    /// A client for the signed-in member `user`.
    pub fn member(&self, user: UserId) -> Client {
        self.as_caller(Subject::User(user), Role::User)
    }

    /// A client for the admin `admin` (identity's admin_users id), as the gateway calls for the
    /// admin SPA.
    pub fn admin(&self, admin: uuid::Uuid) -> Client {
        self.as_caller(Subject::User(UserId::from_uuid(admin)), Role::Admin)
    }
}

/// A fresh request id.
pub fn request_id() -> String {
    uuid::Uuid::now_v7().to_string()
}

pub fn open(subject: &str, body: &str) -> pb::OpenTicketRequest {
    pb::OpenTicketRequest {
        request_id: request_id(),
        subject: subject.to_owned(),
        body: body.to_owned(),
        attachments: Vec::new(),
    }
}

impl TestApp {
    /// Every mail requested so far (the `mail` stream the outbox relay feeds).
    pub async fn mails(&self) -> Vec<MailRequested> {
        meguri_events::testkit::read_all(&meguri_testkit::redis_url(), &EventsConfig::new(&self.prefix))
            .await
            .expect("the mail stream")
    }

    /// Waits (up to 10 s) for `count` mails; answers them oldest first.
    pub async fn wait_mails(&self, count: usize) -> Vec<MailRequested> {
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        loop {
            let mails = self.mails().await;
            if mails.len() >= count {
                return mails;
            }
            assert!(std::time::Instant::now() < deadline, "expected {count} mail(s), saw {}", mails.len());
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Waits (up to 10 s) for `count` audit records on the `audit` stream; answers them oldest
    /// first.
    pub async fn wait_audit(&self, count: usize) -> Vec<meguri_proto::audit::StaffActionRecorded> {
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        loop {
            let records: Vec<meguri_proto::audit::StaffActionRecorded> =
                meguri_events::testkit::read_all(&meguri_testkit::redis_url(), &EventsConfig::new(&self.prefix))
                    .await
                    .expect("the audit stream");
            if records.len() >= count {
                return records;
            }
            assert!(std::time::Instant::now() < deadline, "expected {count} record(s), saw {}", records.len());
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// The files in the attachment directory.
    pub fn stored_files(&self) -> Vec<std::path::PathBuf> {
        fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
            for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
                let path = entry.path();
                if path.is_dir() { walk(&path, out) } else { out.push(path) }
            }
        }
        let mut out = Vec::new();
        walk(&self.service.attachment_dir, &mut out);
        out
    }
}

pub fn code_of(status: &tonic::Status) -> &str {
    meguri_status::code_of(status).unwrap_or_default()
}

/// The rows of `table` in the service's schema.
pub async fn count_rows(app: &TestApp, table: &str) -> i64 {
    use diesel::sql_types::BigInt;
    use diesel_async::RunQueryDsl as _;
    #[derive(diesel::QueryableByName)]
    struct Count {
        #[diesel(sql_type = BigInt)]
        n: i64,
    }
    let mut conn = app.service.db.pool.get().await.expect("conn");
    let row: Count =
        diesel::sql_query(format!("SELECT count(*) AS n FROM {table}")).get_result(&mut conn).await.expect("count");
    row.n
}
