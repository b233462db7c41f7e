//! The service notify calls: identity, for the address and name of a mail request that names only
//! a user (social's mail). On the one client policy (`meguri-grpc-client`): a `service` token signed
//! with `INTERNAL_JWT_SECRET`, the current `traceparent`, the deadline `PEER_TIMEOUT_MS`, retries
//! of this read on `Unavailable`, the `meguri_notify_grpc_client_*` metrics, lazy connect (identity
//! being down never stops notify from starting; its mail waits).

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use meguri_auth::TokenMinter;
use meguri_grpc_client::clients::Identity as IdentityRpc;
use meguri_grpc_client::{AsService, ClientPolicy};
use meguri_ids::UserId;
use meguri_proto::identity as id;
use secrecy::SecretString;

/// Where to mail a member, as identity knows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contact {
    pub email: String,
    pub username: String,
}

/// identity, over a lazily connected channel.
#[derive(Clone)]
pub struct Identity {
    client: IdentityRpc,
}

impl Identity {
    /// # Errors
    /// An address that is not a URI, or a secret the minter refuses.
    pub fn new(addr: &str, jwt_secret: &SecretString, timeout: Duration) -> anyhow::Result<Self> {
        let minter = TokenMinter::new(jwt_secret, Duration::from_secs(30)).context("service token minter")?;
        let policy = ClientPolicy::new(Arc::new(minter), timeout, crate::metrics::GRPC_CLIENT);
        let channel = meguri_grpc_client::endpoint(addr, timeout)
            .with_context(|| format!("IDENTITY_ADDR is not a URI: {addr}"))?
            .connect_lazy();
        Ok(Self { client: IdentityRpc::new(channel, policy) })
    }

    /// The address and username of `user`; `Ok(None)` when identity has no such verified, live
    /// member (deleted, or never verified): the mail is dropped.
    ///
    /// # Errors
    /// Any other failure (identity down, a deadline, a refused token): the caller retries later.
    pub async fn contact(&self, user: UserId) -> anyhow::Result<Option<Contact>> {
        let request = id::GetContactRequest { user_id: user.to_string() };
        match self.client.get_contact(&AsService, request).await {
            Ok(r) => Ok(Some(Contact { email: r.email, username: r.username })),
            Err(status) if status.code() == tonic::Code::NotFound => Ok(None),
            Err(status) => Err(anyhow::anyhow!("identity GetContact failed: {:?} {}", status.code(), status.message())),
        }
    }
}
