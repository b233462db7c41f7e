//! The tonic implementation: only translation (proto → use case → proto, errors through
//! `error.rs`). No SQL, no rules.

use meguri_proto::meguri::chat::v1 as pb;
use pb::chat_server::Chat;
use tonic::{Request, Response, Status};

use crate::error::Error;
use crate::usecases::UseCases;

/// The Chat service over the use cases.
#[derive(Clone)]
pub struct ChatService {
    pub usecases: UseCases,
}

#[tonic::async_trait]
impl Chat for ChatService {
    #[tracing::instrument(skip_all)]
    async fn ping(&self, request: Request<pb::PingRequest>) -> Result<Response<pb::PingResponse>, Status> {
        meguri_auth::caller(&request).ok_or(Error::Unauthenticated)?;
        let notes = self.usecases.ping().await?;
        Ok(Response::new(pb::PingResponse { notes }))
    }
}
