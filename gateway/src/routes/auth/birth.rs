//! A member's birth data on its way to identity (sign-up, settings): the form's fields as
//! identity's `BirthData`, with the summer-time choice settled by the engine first.
//!
//! identity checks the fields' form only; whether a birth time was skipped or repeated by a
//! summer-time change (Japan 1948–1951) is the engine's to say. So before the data is stored the
//! gateway computes the chart once: a time that needs a choice and has none is refused with the
//! engine's 400 and its `choices` (as the landing calculator does), and the choice is stored only
//! when the engine applied it, so every service that builds the chart later reads the same instant.

use meguri_proto::{bazi_engine as be, identity as pb};

use super::post::CoordinatesIn;
use crate::clients::{BaziEngine, CallContext};
use crate::domain::dst::{self, DstChoice};
use crate::error::ApiError;
use crate::local_time;

/// The birth fields of a sign-up or settings form as identity takes them.
#[must_use]
pub fn birth_in(
    date: Option<String>,
    time: Option<String>,
    location: Option<String>,
    coordinates: Option<CoordinatesIn>,
    dst_choice: Option<String>,
) -> pb::BirthData {
    pb::BirthData {
        birth_date: date,
        birth_time: time,
        birth_location: location,
        longitude: coordinates.as_ref().map(|c| c.longitude),
        latitude: coordinates.as_ref().map(|c| c.latitude),
        dst_choice,
    }
}

fn nonblank(value: Option<&String>) -> Option<String> {
    value.map(|v| v.trim()).filter(|v| !v.is_empty()).map(str::to_owned)
}

/// The engine's input for checking `birth`'s time; `None` without a date or a time (an unknown
/// time is read as 12:00, which no summer-time change skipped or repeated).
fn probe(birth: &pb::BirthData, choice: Option<DstChoice>) -> Option<be::BirthInput> {
    let birth_date = nonblank(birth.birth_date.as_ref())?;
    let birth_time = nonblank(birth.birth_time.as_ref())?;
    let (longitude, latitude) = match (birth.longitude, birth.latitude) {
        (Some(lon), Some(lat)) => (Some(lon), Some(lat)),
        _ => (None, None),
    };
    Some(be::BirthInput {
        birth_date,
        birth_time: Some(birth_time),
        place: nonblank(birth.birth_location.as_ref()),
        longitude,
        latitude,
        dst_choice: local_time::proto(choice) as i32,
        ..Default::default()
    })
}

/// Settles `birth.dst_choice` with the engine: the choice it applied, or none when the time needed
/// none. Any other refusal of the engine (a date it cannot read, the engine down) is left to
/// identity's own checks and to the chart build, which report it in their turn.
///
/// # Errors
/// 400 `INVALID_DST_CHOICE`; 400 `NONEXISTENT_LOCAL_TIME` / `AMBIGUOUS_LOCAL_TIME` with the
/// `choices` when the time needs a choice and was sent none.
pub async fn settle_dst_choice(
    engine: &BaziEngine,
    ctx: &CallContext,
    birth: &mut pb::BirthData,
) -> Result<(), ApiError> {
    let choice = dst::parse_text(birth.dst_choice.as_deref()).map_err(ApiError::Invalid)?;
    let Some(input) = probe(birth, choice) else {
        birth.dst_choice = None;
        return Ok(());
    };
    match engine.calculate_chart(ctx, be::CalculateChartRequest { birth: Some(input) }).await {
        Ok(answer) => {
            let applied = answer.chart.and_then(|c| c.time).map(|t| t.dst_choice);
            birth.dst_choice = applied.and_then(|c| DstChoice::from_key(&c)).map(|c| c.key().to_owned());
            Ok(())
        }
        Err(status) if local_time::choices_of(&status).is_some() => {
            Err(ApiError::from_status("CalculateChart", status))
        }
        Err(status) => {
            tracing::warn!(code = ?status.code(), "the birth time's summer-time check could not be made");
            birth.dst_choice = choice.map(|c| c.key().to_owned());
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_dated_and_timed_birth_is_checked_and_half_coordinates_are_none() {
        let mut birth = birth_in(Some("1948-05-02".into()), Some(" 00:30 ".into()), None, None, None);
        birth.longitude = Some(135.5);
        let input = probe(&birth, Some(DstChoice::Later)).expect("checked");
        assert_eq!(input.birth_time.as_deref(), Some("00:30"));
        assert_eq!((input.longitude, input.latitude), (None, None));
        assert_eq!(input.dst_choice, be::DstChoice::Later as i32);
        let untimed = birth_in(Some("1948-05-02".into()), Some(" ".into()), None, None, None);
        assert!(probe(&untimed, None).is_none());
        let undated = birth_in(None, Some("00:30".into()), None, None, None);
        assert!(probe(&undated, None).is_none());
    }
}
