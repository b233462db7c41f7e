//! Starts identity and gives typed clients and a view of the mail it requested.

use std::time::{Duration, Instant};

use identity::testkit::{TestIdentity, redis_url, spawn, spawn_on};
use meguri_auth::{Role, Subject, TokenMinter};
use meguri_db::TestDb;
use meguri_events::EventsConfig;
use meguri_ids::UserId;
use meguri_proto::identity as pb;
use meguri_proto::identity::identity_client::IdentityClient;
use meguri_proto::notify::MailRequested;
use meguri_proto::notify::mail_requested::Kind as MailKind;
use secrecy::SecretString;
use tonic::transport::Channel;

pub const SECRET: &str = "identity-test-secret-that-is-long-enough-0123";

pub struct TestApp {
    pub service: TestIdentity,
    pub prefix: String,
    minter: TokenMinter,
}

/// Adds the internal token to every call.
type TokenInterceptor = Box<dyn FnMut(tonic::Request<()>) -> Result<tonic::Request<()>, tonic::Status> + Send>;

pub type Client = IdentityClient<tonic::service::interceptor::InterceptedService<Channel, TokenInterceptor>>;

pub async fn spawn_app() -> TestApp {
    let prefix = format!("test:{}:", uuid::Uuid::new_v4().simple());
    let service = spawn(SECRET, &prefix).await;
    let minter = TokenMinter::new(&SecretString::from(SECRET), Duration::from_secs(60)).expect("minter");
    TestApp { service, prefix, minter }
}

/// Starts identity on a schema the test prepared (migrated, with rows of its own).
pub async fn spawn_app_on(db: TestDb) -> TestApp {
    let prefix = format!("test:{}:", uuid::Uuid::new_v4().simple());
    let service = spawn_on(db, SECRET, &prefix).await;
    let minter = TokenMinter::new(&SecretString::from(SECRET), Duration::from_secs(60)).expect("minter");
    TestApp { service, prefix, minter }
}

pub fn sign_up_request(email: &str, username: &str) -> pb::SignUpRequest {
    pb::SignUpRequest {
        email: email.to_owned(),
        password: "correct horse battery".to_owned(),
        username: username.to_owned(),
        gender: pb::Gender::Female as i32,
        birth: Some(pb::BirthData { birth_date: Some("1990-05-15".to_owned()), ..Default::default() }),
        privacy_policy_accepted: true,
        ..Default::default()
    }
}

impl TestApp {
    async fn client_as(&self, subject: Subject, role: Role) -> Client {
        let channel = Channel::from_shared(format!("http://127.0.0.1:{}", self.service.grpc_port))
            .expect("uri")
            .connect()
            .await
            .expect("connect");
        let minter = self.minter.clone();
        let interceptor: TokenInterceptor = Box::new(move |mut req: tonic::Request<()>| {
            let bearer = minter.bearer(&subject, role).map_err(|_| tonic::Status::internal("mint"))?;
            req.metadata_mut().insert("authorization", bearer);
            Ok(req)
        });
        IdentityClient::with_interceptor(channel, interceptor)
    }

    /// A client calling as a signed-out visitor (what the gateway does for sign-up and login).
    pub async fn visitor(&self) -> Client {
        self.client_as(Subject::Anonymous, Role::Visitor).await
    }

    /// A client calling as another service (fortune-gen reading birth profiles).
    pub async fn service(&self) -> Client {
        self.client_as(Subject::Anonymous, Role::Service).await
    }

    /// A client calling as an admin.
    pub async fn admin(&self) -> Client {
        self.client_as(Subject::User(UserId::new()), Role::Admin).await
    }

    /// A client calling for a signed-in user.
    pub async fn user(&self, id: &str) -> Client {
        let id: UserId = id.parse().expect("user id");
        self.client_as(Subject::User(id), Role::User).await
    }

    /// Signs up and returns the user id.
    pub async fn sign_up(&self, email: &str, username: &str) -> String {
        self.visitor().await.sign_up(sign_up_request(email, username)).await.expect("sign-up").into_inner().user_id
    }

    /// Signs up, verifies with the mailed code, and returns the user id.
    pub async fn verified_user(&self, email: &str, username: &str) -> String {
        let id = self.sign_up(email, username).await;
        let code = self.code_for(email).await;
        self.visitor()
            .await
            .verify_email(pb::VerifyEmailRequest { email: email.to_owned(), code })
            .await
            .expect("verify");
        id
    }

    /// Every event of type `E` published so far (read from its stream), oldest first.
    pub async fn events<E: meguri_events::Event>(&self) -> Vec<E> {
        let client = redis::Client::open(redis_url()).expect("redis url");
        let mut conn = client.get_multiplexed_async_connection().await.expect("redis");
        meguri_events::testkit::read::<E>(&mut conn, &EventsConfig::new(&self.prefix))
            .await
            .expect("the event stream")
            .into_iter()
            .map(|(_, event)| event)
            .collect()
    }

    /// The types of the `analytics` stream's events about `user`, oldest first.
    pub async fn analytics_order(&self, user: &str) -> Vec<String> {
        use meguri_proto::analytics::{ActivityRecorded, ConsentChanged};
        let client = redis::Client::open(redis_url()).expect("redis url");
        let mut conn = client.get_multiplexed_async_connection().await.expect("redis");
        let config = EventsConfig::new(&self.prefix);
        let mut found: Vec<(uuid::Uuid, String)> = Vec::new();
        for (id, e) in meguri_events::testkit::read::<ConsentChanged>(&mut conn, &config).await.expect("stream") {
            if e.user_id == user {
                found.push((id, "analytics.consent_changed".to_owned()));
            }
        }
        for (id, e) in meguri_events::testkit::read::<ActivityRecorded>(&mut conn, &config).await.expect("stream") {
            if e.user_id == user {
                found.push((id, format!("analytics.activity:{}", e.event_type)));
            }
        }
        // Outbox ids are UUID v7: their order is the order the transaction wrote them.
        found.sort();
        found.into_iter().map(|(_, t)| t).collect()
    }

    /// Waits (up to 10 s) until an event of type `E` matches `found`; returns it.
    pub async fn wait_event<E: meguri_events::Event>(&self, what: &str, found: impl Fn(&E) -> bool) -> E {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            if let Some(event) = self.events::<E>().await.into_iter().find(|e| found(e)) {
                return event;
            }
            assert!(Instant::now() < deadline, "no event: {what}");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Verifies `email` with the newest code mailed to it.
    pub async fn verify(&self, email: &str) {
        let code = self.code_for(email).await;
        self.visitor()
            .await
            .verify_email(pb::VerifyEmailRequest { email: email.to_owned(), code })
            .await
            .expect("verify");
    }

    /// Every mail requested so far (read from the `mail` stream the outbox relay feeds).
    pub async fn mails(&self) -> Vec<MailRequested> {
        meguri_events::testkit::read_all(&redis_url(), &EventsConfig::new(&self.prefix)).await.expect("the mail stream")
    }

    /// Waits (up to 10 s) until `count` mails to `to` were requested; returns them oldest first.
    pub async fn wait_mails(&self, to: &str, count: usize) -> Vec<MailRequested> {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let mails: Vec<_> = self.mails().await.into_iter().filter(|m| m.to == to).collect();
            if mails.len() >= count {
                return mails;
            }
            assert!(Instant::now() < deadline, "expected {count} mail(s) to {to}, saw {}", mails.len());
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// The newest verification code mailed to `to`.
    pub async fn code_for(&self, to: &str) -> String {
        let mails = self.wait_mails(to, 1).await;
        mails
            .iter()
            .rev()
            .find_map(|m| match &m.kind {
                Some(MailKind::VerificationCode(mail)) => Some(mail.code.clone()),
                _ => None,
            })
            .expect("a verification code mail")
    }

    /// The newest reset token mailed to `to`.
    pub async fn reset_token_for(&self, to: &str, nth: usize) -> String {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let tokens: Vec<String> = self
                .mails()
                .await
                .into_iter()
                .filter(|m| m.to == to)
                .filter_map(|m| match m.kind {
                    Some(MailKind::PasswordReset(mail)) => Some(mail.token),
                    _ => None,
                })
                .collect();
            if let Some(token) = tokens.get(nth) {
                return token.clone();
            }
            assert!(Instant::now() < deadline, "no reset mail #{nth} to {to}");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

/// The stable code a status carries.
pub fn code_of(status: &tonic::Status) -> &str {
    status.metadata().get("x-meguri-code").and_then(|v| v.to_str().ok()).unwrap_or("")
}
