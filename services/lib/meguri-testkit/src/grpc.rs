//! Calling a service under test directly, as the gateway or another service would.

use meguri_auth::{Role, Subject, TokenMinter};
use tonic::transport::Channel;

/// Adds a freshly minted internal token for `subject` acting as `role` to every call:
/// `SomeClient::with_interceptor(connect(addr).await, Bearer { minter, subject, role })`.
#[derive(Clone, Debug)]
pub struct Bearer {
    pub minter: TokenMinter,
    pub subject: Subject,
    pub role: Role,
}

impl tonic::service::Interceptor for Bearer {
    fn call(&mut self, mut request: tonic::Request<()>) -> Result<tonic::Request<()>, tonic::Status> {
        let bearer = self.minter.bearer(&self.subject, self.role).map_err(|_| tonic::Status::internal("mint"))?;
        request.metadata_mut().insert("authorization", bearer);
        Ok(request)
    }
}

/// A connected channel to `addr` (`http://127.0.0.1:PORT`).
///
/// # Panics
/// When `addr` is not a URI or nothing answers there (a test cannot go on).
#[allow(clippy::expect_used)]
pub async fn connect(addr: &str) -> Channel {
    Channel::from_shared(addr.to_owned()).expect("a URI").connect().await.expect("connect")
}

/// Serves `router` (`Server::builder().add_service(fake)`: a fake peer) on a free loopback port
/// until the test's runtime ends; gives its address, `http://127.0.0.1:PORT`.
///
/// # Panics
/// When no loopback port can be bound (a test cannot go on).
#[allow(clippy::expect_used)]
pub async fn serve(router: tonic::transport::server::Router) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a loopback port");
    let addr = format!("http://{}", listener.local_addr().expect("the bound address"));
    tokio::spawn(router.serve_with_incoming(tonic::transport::server::TcpIncoming::from(listener)));
    addr
}
