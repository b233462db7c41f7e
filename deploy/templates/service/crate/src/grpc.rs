//! The tonic implementation: only translation (proto → use case → proto, errors through
//! `error.rs`). No SQL, no rules.

use meguri_proto::meguri::{{snake}}::v1 as pb;
use pb::{{snake}}_server::{{Pascal}};
use tonic::{Request, Response, Status};

use crate::error::Error;
use crate::usecases::UseCases;

/// The {{Pascal}} service over the use cases.
#[derive(Clone)]
pub struct {{Pascal}}Service {
    pub usecases: UseCases,
}

#[tonic::async_trait]
impl {{Pascal}} for {{Pascal}}Service {
    #[tracing::instrument(skip_all)]
    async fn ping(&self, request: Request<pb::PingRequest>) -> Result<Response<pb::PingResponse>, Status> {
        meguri_auth::required_caller(&request, Error::Unauthenticated)?;
        let notes = self.usecases.ping().await?;
        Ok(Response::new(pb::PingResponse { notes }))
    }
}
