//! The engine's refusal of a birth time a summer-time change skipped or repeated, as the choices
//! the SPA offers (`choices` on the 400), and the person's choice as the engine's field.

use meguri_proto::bazi_engine as pb;
use prost::Message;
use serde::Serialize;
use utoipa::ToSchema;

use crate::domain::dst::DstChoice;

/// The codes whose 400 carries `choices`.
pub const CHOICE_CODES: [&str; 2] = ["NONEXISTENT_LOCAL_TIME", "AMBIGUOUS_LOCAL_TIME"];

/// The engine's field for a choice (none: refuse a skipped or repeated time).
#[must_use]
pub const fn proto(choice: Option<DstChoice>) -> pb::DstChoice {
    match choice {
        None => pb::DstChoice::Unspecified,
        Some(DstChoice::Earlier) => pb::DstChoice::Earlier,
        Some(DstChoice::Later) => pb::DstChoice::Later,
        Some(DstChoice::Standard) => pb::DstChoice::Standard,
    }
}

/// The choices a form sends back as `dstChoice` (only describes the wire).
#[derive(ToSchema)]
#[schema(rename_all = "lowercase")]
pub enum DstChoiceName {
    Earlier,
    Later,
    Standard,
}

/// One way to read a skipped or repeated birth time, as the SPA offers it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DstChoiceBody {
    /// `earlier`, `later` or `standard`: send it back as `dstChoice`.
    #[schema(example = "standard")]
    pub choice: &'static str,
    /// `gap` (the clocks went forward: the time never showed) or `overlap` (it showed twice).
    #[schema(example = "gap")]
    pub clock_change: String,
    /// The birth time as entered, `YYYY-MM-DDTHH:MM:SS`.
    #[schema(example = "1948-05-02T00:30:00")]
    pub civil_local_time: String,
    /// The birth instant under this choice (RFC 3339).
    #[schema(example = "1948-05-01T15:30:00Z")]
    pub utc: String,
    /// What the clocks showed at that instant, `YYYY-MM-DDTHH:MM:SS`.
    #[schema(example = "1948-05-02T01:30:00")]
    pub wall_clock: String,
    /// The offset the entered time is read with.
    #[schema(example = 32400)]
    pub utc_offset_seconds: i32,
    /// That offset is summer time.
    pub summer_time: bool,
}

/// The choices in the details of the engine's refusal (its `LocalTimeChoices`); `None` for any
/// other status or details that do not decode.
#[must_use]
pub fn choices_of(status: &tonic::Status) -> Option<Vec<DstChoiceBody>> {
    let code = meguri_status::code_of(status)?;
    if !CHOICE_CODES.contains(&code) {
        return None;
    }
    let found = pb::LocalTimeChoices::decode(status.details()).ok()?;
    let choices: Vec<DstChoiceBody> = found
        .choices
        .into_iter()
        .filter_map(|c| {
            let choice = match pb::DstChoice::try_from(c.choice).ok()? {
                pb::DstChoice::Earlier => DstChoice::Earlier,
                pb::DstChoice::Later => DstChoice::Later,
                pb::DstChoice::Standard => DstChoice::Standard,
                pb::DstChoice::Unspecified => return None,
            };
            Some(DstChoiceBody {
                choice: choice.key(),
                clock_change: found.clock_change.clone(),
                civil_local_time: found.civil_local_time.clone(),
                utc: c.utc,
                wall_clock: c.wall_clock,
                utc_offset_seconds: c.utc_offset_seconds,
                summer_time: c.summer_time,
            })
        })
        .collect();
    (!choices.is_empty()).then_some(choices)
}

#[cfg(test)]
mod tests {
    use tonic::Code;

    use super::*;

    #[test]
    fn the_engine_refusal_becomes_the_choices_and_other_statuses_have_none() {
        let details = pb::LocalTimeChoices {
            clock_change: "gap".to_owned(),
            civil_local_time: "1948-05-02T00:30:00".to_owned(),
            choices: vec![
                pb::LocalTimeChoice {
                    choice: pb::DstChoice::Earlier as i32,
                    utc: "1948-05-01T15:30:00Z".to_owned(),
                    wall_clock: "1948-05-02T01:30:00".to_owned(),
                    utc_offset_seconds: 32_400,
                    summer_time: false,
                },
                pb::LocalTimeChoice {
                    choice: pb::DstChoice::Later as i32,
                    utc: "1948-05-01T14:30:00Z".to_owned(),
                    wall_clock: "1948-05-01T23:30:00".to_owned(),
                    utc_offset_seconds: 36_000,
                    summer_time: true,
                },
            ],
        };
        let status = meguri_status::status_with_details(
            Code::InvalidArgument,
            "NONEXISTENT_LOCAL_TIME",
            "skipped",
            details.encode_to_vec(),
        );
        let choices = choices_of(&status).expect("choices");
        assert_eq!(choices.iter().map(|c| c.choice).collect::<Vec<_>>(), ["earlier", "later"]);
        assert_eq!(choices[1].wall_clock, "1948-05-01T23:30:00");
        assert_eq!(choices[1].clock_change, "gap");
        let other = meguri_status::status(Code::InvalidArgument, "INVALID_DATE", "bad date");
        assert_eq!(choices_of(&other), None);
        let garbled = meguri_status::status_with_details(
            Code::InvalidArgument,
            "AMBIGUOUS_LOCAL_TIME",
            "twice",
            vec![0xff, 0x01],
        );
        assert_eq!(choices_of(&garbled), None);
    }
}
