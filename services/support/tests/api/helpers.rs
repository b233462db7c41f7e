//! The service under test and clients acting as its callers.

use std::time::Duration;

use meguri_auth::{Role, Subject, TokenMinter};
use meguri_ids::UserId;
use meguri_proto::meguri::support::v1 as pb;
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
}

pub async fn spawn_app() -> TestApp {
    let service = support::testkit::spawn(SECRET).await;
    let channel = meguri_testkit::connect(&service.addr()).await;
    TestApp { service, channel }
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
    pb::OpenTicketRequest { request_id: request_id(), subject: subject.to_owned(), body: body.to_owned() }
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
