//! Fakes of the peers services call (feature `fakes`): in-process tonic servers on free loopback
//! ports that answer from what the test put in them, and that a test can switch "down".
//!
//! - [`FakeIdentity`]: the signed-in member's account (GetUser), contacts (GetContact), birth
//!   profiles, time-zone offsets and the member list, the way identity answers them.
//! - [`FakeEngine`]: charts, compatibility, the almanac and places from rules the test can change,
//!   recording every call with the caller's claims and metadata, failing or slowing on demand.

mod engine;
mod identity;

use std::sync::{Mutex, MutexGuard};

pub use engine::{EngineCall, EngineState, FakeEngine, derived_chart};
pub use identity::{FakeIdentity, IdentityState};

/// A lock the fake cannot lose: a test that panicked while holding it has failed already.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

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
