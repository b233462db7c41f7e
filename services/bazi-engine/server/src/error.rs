//! Engine errors → gRPC status, once. The stable code travels in `x-meguri-code`; the gateway
//! holds the Japanese message for each code.

use bazi_engine::EngineError;
use tonic::{Code, Status};

pub const CODE_METADATA: &str = "x-meguri-code";

/// A status with a stable code attached.
pub fn status(code: Code, stable_code: &str, log_message: &str) -> Status {
    let mut s = Status::new(code, log_message.to_owned());
    if let Ok(v) = stable_code.parse() {
        s.metadata_mut().insert(CODE_METADATA, v);
    }
    s
}

/// Every engine error is the caller's input: InvalidArgument, except an unknown place (NotFound).
pub fn from_engine(e: &EngineError) -> Status {
    let code = match e {
        EngineError::PlaceNotFound(_) => Code::NotFound,
        _ => Code::InvalidArgument,
    };
    // The engine's messages are Japanese text about the caller's own input; they carry no
    // internal detail, so they may travel as the status message (the gateway still maps the code).
    status(code, e.code(), &e.to_string())
}
