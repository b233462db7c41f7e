//! Fakes of the peers services call (feature `fakes`): in-process tonic servers on free loopback
//! ports that answer from what the test put in them, and that a test can switch "down".
//!
//! - [`FakeIdentity`]: contacts (GetContact), birth profiles, time-zone offsets and the member
//!   list, the way identity answers them.

mod identity;

pub use identity::{FakeIdentity, IdentityState};

/// Writes a tonic service impl: the RPCs listed under `unimplemented` answer UNIMPLEMENTED (the
/// fake does not stand in for them), the rest is written out (`async_trait` must see every
/// method expanded, so the macro writes the whole impl).
macro_rules! fake_service {
    (impl $service:path, $fake:ty, { unimplemented { $($method:ident($req:ty) -> $resp:ty;)* } $($rest:tt)* }) => {
        #[tonic::async_trait]
        impl $service for $fake {
            $(
                async fn $method(
                    &self,
                    _: tonic::Request<$req>,
                ) -> Result<tonic::Response<$resp>, tonic::Status> {
                    Err(tonic::Status::unimplemented("not part of the fake"))
                }
            )*
            $($rest)*
        }
    };
}
pub(crate) use fake_service;
