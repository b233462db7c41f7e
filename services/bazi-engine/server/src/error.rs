//! Engine errors → gRPC status, once, with `meguri-status`. The stable code travels in
//! `x-meguri-code`; the status message is English for logs; the gateway holds the Japanese message
//! for each code (the engine's own Japanese text is for its CLI, never a status).

use bazi_engine::EngineError;
use tonic::{Code, Status};

/// Every stable code the engine server can send (checked below against [`EngineError`], and by the
/// gateway against its Japanese table). The engine has no database and no peer, so it sends
/// neither `SERVICE_UNAVAILABLE` nor `INTERNAL_ERROR`.
pub const CODES: &[&str] = meguri_status::codes::BAZI_ENGINE;

/// A request the engine cannot read: InvalidArgument, `INVALID_ARGUMENT`, with `message` naming
/// what is wrong.
pub fn invalid(message: &'static str) -> Status {
    meguri_status::status(Code::InvalidArgument, "INVALID_ARGUMENT", message)
}

/// Every engine error is the caller's input: InvalidArgument, except an unknown place (NotFound).
pub fn from_engine(e: &EngineError) -> Status {
    let (code, message) = match e {
        EngineError::InvalidDate(_) => (Code::InvalidArgument, "invalid date"),
        EngineError::DateOutOfRange => (Code::InvalidArgument, "date out of range"),
        EngineError::InvalidTime => (Code::InvalidArgument, "invalid time"),
        EngineError::NonexistentLocalTime(_) => (Code::InvalidArgument, "local time skipped by a summer-time change"),
        EngineError::AmbiguousLocalTime(_) => (Code::InvalidArgument, "local time repeated by a summer-time change"),
        EngineError::UnknownTimeZone(_) => (Code::InvalidArgument, "unknown time zone"),
        EngineError::InvalidCoordinates(_) => (Code::InvalidArgument, "invalid coordinates"),
        EngineError::PlaceNotFound(_) => (Code::NotFound, "place not found"),
        EngineError::InvalidArgument(_) => (Code::InvalidArgument, "invalid argument"),
    };
    meguri_status::status(code, e.code(), message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_the_engine_sends_is_in_its_list_with_an_english_message() {
        let s = String::new;
        let all = [
            EngineError::InvalidDate(s()),
            EngineError::DateOutOfRange,
            EngineError::InvalidTime,
            EngineError::NonexistentLocalTime(s()),
            EngineError::AmbiguousLocalTime(s()),
            EngineError::UnknownTimeZone(s()),
            EngineError::InvalidCoordinates(s()),
            EngineError::PlaceNotFound(s()),
            EngineError::InvalidArgument(s()),
        ];
        let mut statuses: Vec<Status> = all.iter().map(from_engine).collect();
        statuses.push(invalid("birth is required"));
        for status in statuses {
            let code = meguri_status::code_of(&status).expect("every status carries a code");
            assert!(CODES.contains(&code), "{code} is missing from meguri_status::codes::BAZI_ENGINE");
            assert!(status.message().is_ascii(), "{}", status.message());
        }
    }
}
