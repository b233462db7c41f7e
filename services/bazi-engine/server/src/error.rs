//! Engine errors → gRPC status, once, with `meguri-status`. The stable code travels in
//! `x-meguri-code`; the status message is English for logs; the gateway holds the Japanese message
//! for each code (the engine's own Japanese text is for its CLI, never a status).

use bazi_engine::EngineError;
use bazi_engine::error::LocalTimeIssue;
use bazi_engine::input::DstChoice;
use meguri_proto::bazi_engine as pb;
use prost::Message;
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

/// What each summer-time choice gives, as the status details of a skipped or repeated time.
pub fn local_time_choices(issue: &LocalTimeIssue) -> pb::LocalTimeChoices {
    let stamp = |t: chrono::NaiveDateTime| t.format("%Y-%m-%dT%H:%M:%S").to_string();
    pb::LocalTimeChoices {
        clock_change: issue.clock_change.key().to_owned(),
        civil_local_time: stamp(issue.civil),
        choices: issue
            .options
            .iter()
            .map(|o| pb::LocalTimeChoice {
                choice: match o.choice {
                    DstChoice::Earlier => pb::DstChoice::Earlier,
                    DstChoice::Later => pb::DstChoice::Later,
                    DstChoice::Standard => pb::DstChoice::Standard,
                    DstChoice::Reject => pb::DstChoice::Unspecified,
                } as i32,
                utc: format!("{}Z", stamp(o.utc)),
                wall_clock: stamp(o.wall_clock),
                utc_offset_seconds: o.offset_seconds,
                summer_time: o.summer_time,
            })
            .collect(),
    }
}

/// Every engine error is the caller's input: InvalidArgument, except an unknown place (NotFound).
/// A skipped or repeated local time carries [`local_time_choices`] in its details.
pub fn from_engine(e: &EngineError) -> Status {
    let with_choices = |issue: &LocalTimeIssue, message| {
        let details = local_time_choices(issue).encode_to_vec();
        meguri_status::status_with_details(Code::InvalidArgument, e.code(), message, details)
    };
    let (code, message) = match e {
        EngineError::InvalidDate(_) => (Code::InvalidArgument, "invalid date"),
        EngineError::DateOutOfRange => (Code::InvalidArgument, "date out of range"),
        EngineError::InvalidTime => (Code::InvalidArgument, "invalid time"),
        EngineError::NonexistentLocalTime(issue) => {
            return with_choices(issue, "local time skipped by a summer-time change");
        }
        EngineError::AmbiguousLocalTime(issue) => {
            return with_choices(issue, "local time repeated by a summer-time change");
        }
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
        let issue = || {
            Box::new(LocalTimeIssue {
                message: s(),
                civil: chrono::NaiveDateTime::default(),
                clock_change: bazi_engine::error::ClockChange::Gap,
                options: Vec::new(),
            })
        };
        let all = [
            EngineError::InvalidDate(s()),
            EngineError::DateOutOfRange,
            EngineError::InvalidTime,
            EngineError::NonexistentLocalTime(issue()),
            EngineError::AmbiguousLocalTime(issue()),
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
