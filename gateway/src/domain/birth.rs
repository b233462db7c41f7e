//! The birth input of the calculator: parsed once, with the spec's defaults (§3, §9).
//!
//! The gateway checks the *form* (`YYYY-MM-DD`, `HH:MM`, coordinate ranges, enumerations); whether
//! a date exists, is in range, or a local time exists in its zone is the engine's to say (its codes
//! `INVALID_DATE`, `DATE_OUT_OF_RANGE`, `NONEXISTENT_LOCAL_TIME`… reach the client as they are).

use meguri_tz::DEFAULT_BIRTHPLACE;
use serde_json::Value;

use super::dst::DstChoice;

/// The longest place text accepted, in characters.
pub const MAX_PLACE_CHARS: usize = 100;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Coordinates {
    pub longitude: f64,
    pub latitude: f64,
}

impl Coordinates {
    /// # Errors
    /// `INVALID_COORDINATES` outside ±180° / ±90° or not finite.
    pub fn new(longitude: f64, latitude: f64) -> Result<Self, &'static str> {
        let valid = longitude.is_finite()
            && latitude.is_finite()
            && (-180.0..=180.0).contains(&longitude)
            && (-90.0..=90.0).contains(&latitude);
        if valid { Ok(Self { longitude, latitude }) } else { Err("INVALID_COORDINATES") }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gender {
    Male,
    Female,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeMode {
    Standard,
    Mean,
    Apparent,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ZiConvention {
    Split,
    NextDay,
}

/// A birth as the engine should compute it.
#[derive(Clone, Debug, PartialEq)]
pub struct BirthData {
    /// `YYYY-MM-DD`.
    pub date: String,
    /// `HH:MM` or `HH:MM:SS`; `None` = unknown (the engine uses 12:00 and flags hour results).
    pub time: Option<String>,
    pub place: Option<String>,
    pub coordinates: Option<Coordinates>,
    pub gender: Option<Gender>,
    pub time_zone: Option<String>,
    pub mode: Option<TimeMode>,
    pub zi: Option<ZiConvention>,
    /// How to read a time a summer-time change skipped or repeated; `None`: the engine refuses it
    /// and lists the choices.
    pub dst_choice: Option<DstChoice>,
}

/// The raw JSON fields of a birth (each untyped, so a wrong type gets the field's own message).
#[derive(Debug, Default)]
pub struct RawBirth {
    pub birth_date: Option<Value>,
    pub birth_time: Option<Value>,
    pub birth_location: Option<Value>,
    pub coordinates: Option<Value>,
    pub gender: Option<Value>,
    pub timezone: Option<Value>,
    pub mode: Option<Value>,
    pub zi: Option<Value>,
    pub dst_choice: Option<Value>,
}

/// A string field: absent, `null` and blank are `None`; another type is `error`.
fn optional_text(value: Option<Value>, error: &'static str) -> Result<Option<String>, &'static str> {
    match value {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => {
            let trimmed = s.trim();
            if trimmed.is_empty() {
                Ok(None)
            } else if trimmed.len() == s.len() {
                Ok(Some(s))
            } else {
                Ok(Some(trimmed.to_owned()))
            }
        }
        Some(_) => Err(error),
    }
}

fn digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// `YYYY-MM-DD` with a zero-padded month and day.
#[must_use]
pub fn is_date_form(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 10 && b[4] == b'-' && b[7] == b'-' && digits(&s[..4]) && digits(&s[5..7]) && digits(&s[8..])
}

/// `HH:MM` or `HH:MM:SS` on a 24-hour clock.
fn is_time_form(s: &str) -> bool {
    let parts: Vec<&str> = s.split(':').collect();
    let in_range = |p: &str, max: u32| p.len() == 2 && digits(p) && p.parse::<u32>().is_ok_and(|n| n <= max);
    match parts.as_slice() {
        [h, m] => in_range(h, 23) && in_range(m, 59),
        [h, m, s] => in_range(h, 23) && in_range(m, 59) && in_range(s, 59),
        _ => false,
    }
}

fn number(value: Option<&Value>) -> Option<f64> {
    value.and_then(Value::as_f64)
}

impl BirthData {
    /// Parses and applies the defaults: no place and no coordinates means meguri-tz's
    /// [`DEFAULT_BIRTHPLACE`] (東京, 日本 at 139.6503 / 35.6762, the value identity stores too); no time means unknown (passed on as such: the engine applies 12:00 and
    /// marks the hour-dependent results).
    ///
    /// # Errors
    /// The code of the first field that is wrong.
    pub fn parse(raw: RawBirth) -> Result<Self, &'static str> {
        let date = optional_text(raw.birth_date, "INVALID_DATE_FORMAT")?.ok_or("BIRTH_DATE_REQUIRED")?;
        if !is_date_form(&date) {
            return Err("INVALID_DATE_FORMAT");
        }
        let time = optional_text(raw.birth_time, "INVALID_TIME")?;
        if time.as_deref().is_some_and(|t| !is_time_form(t)) {
            return Err("INVALID_TIME");
        }
        let place = optional_text(raw.birth_location, "INVALID_LOCATION")?;
        if place.as_deref().is_some_and(|p| p.chars().count() > MAX_PLACE_CHARS) {
            return Err("INVALID_LOCATION");
        }
        let coordinates = match raw.coordinates {
            None | Some(Value::Null) => None,
            Some(Value::Object(map)) => {
                let longitude = number(map.get("longitude")).ok_or("INVALID_COORDINATES")?;
                let latitude = number(map.get("latitude")).ok_or("INVALID_COORDINATES")?;
                Some(Coordinates::new(longitude, latitude)?)
            }
            Some(_) => return Err("INVALID_COORDINATES"),
        };
        let gender = match optional_text(raw.gender, "INVALID_GENDER")?.as_deref() {
            None | Some("other") => None,
            Some("male") => Some(Gender::Male),
            Some("female") => Some(Gender::Female),
            Some(_) => return Err("INVALID_GENDER"),
        };
        let time_zone = optional_text(raw.timezone, "UNKNOWN_TIME_ZONE")?;
        let zone_form = |z: &str| {
            z.len() <= 64
                && z.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'/' | b'_' | b'-' | b'+' | b':'))
        };
        if time_zone.as_deref().is_some_and(|z| !zone_form(z)) {
            return Err("UNKNOWN_TIME_ZONE");
        }
        let mode = match optional_text(raw.mode, "INVALID_TIME_MODE")?.as_deref() {
            None => None,
            Some("standard") => Some(TimeMode::Standard),
            Some("mean") => Some(TimeMode::Mean),
            Some("apparent") => Some(TimeMode::Apparent),
            Some(_) => return Err("INVALID_TIME_MODE"),
        };
        let zi = match optional_text(raw.zi, "INVALID_ZI_CONVENTION")?.as_deref() {
            None => None,
            Some("split") => Some(ZiConvention::Split),
            Some("next_day") => Some(ZiConvention::NextDay),
            Some(_) => return Err("INVALID_ZI_CONVENTION"),
        };
        let dst_choice = super::dst::parse(raw.dst_choice.as_ref())?;

        let (place, coordinates) = match (place, coordinates) {
            (None, None) => (
                Some(DEFAULT_BIRTHPLACE.label.to_owned()),
                Some(Coordinates { longitude: DEFAULT_BIRTHPLACE.longitude, latitude: DEFAULT_BIRTHPLACE.latitude }),
            ),
            other => other,
        };
        Ok(Self { date, time, place, coordinates, gender, time_zone, mode, zi, dst_choice })
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn raw(date: Value) -> RawBirth {
        RawBirth { birth_date: Some(date), ..RawBirth::default() }
    }

    #[test]
    fn a_bare_date_gets_tokyo_and_an_unknown_time() {
        let birth = BirthData::parse(raw(json!("1990-05-15"))).expect("valid");

        assert_eq!(birth.date, "1990-05-15");
        assert_eq!(birth.time, None);
        assert_eq!(birth.place.as_deref(), Some("東京, 日本"));
        assert_eq!(birth.coordinates, Some(Coordinates { longitude: 139.6503, latitude: 35.6762 }));
    }

    #[test]
    fn a_place_without_coordinates_is_left_to_the_engine_to_resolve() {
        let birth =
            BirthData::parse(RawBirth { birth_location: Some(json!("大阪, 日本")), ..raw(json!("1990-05-15")) })
                .expect("valid");

        assert_eq!(birth.place.as_deref(), Some("大阪, 日本"));
        assert_eq!(birth.coordinates, None);
    }

    #[test]
    fn blank_optional_fields_count_as_missing() {
        let birth = BirthData::parse(RawBirth {
            birth_time: Some(json!("")),
            birth_location: Some(json!("  ")),
            coordinates: Some(Value::Null),
            ..raw(json!("1990-05-15"))
        })
        .expect("valid");

        assert_eq!(birth.time, None);
        assert_eq!(birth.place.as_deref(), Some("東京, 日本"));
    }

    #[test]
    fn each_wrong_field_names_its_own_code() {
        let cases: Vec<(RawBirth, &str)> = vec![
            (RawBirth::default(), "BIRTH_DATE_REQUIRED"),
            (raw(json!(19900515)), "INVALID_DATE_FORMAT"),
            (raw(json!("1990/05/15")), "INVALID_DATE_FORMAT"),
            (raw(json!("1990-5-15")), "INVALID_DATE_FORMAT"),
            (RawBirth { birth_time: Some(json!("25:00")), ..raw(json!("1990-05-15")) }, "INVALID_TIME"),
            (RawBirth { birth_time: Some(json!("7:30")), ..raw(json!("1990-05-15")) }, "INVALID_TIME"),
            (RawBirth { birth_time: Some(json!(730)), ..raw(json!("1990-05-15")) }, "INVALID_TIME"),
            (
                RawBirth { coordinates: Some(json!({"longitude": 200, "latitude": 0})), ..raw(json!("1990-05-15")) },
                "INVALID_COORDINATES",
            ),
            (
                RawBirth { coordinates: Some(json!({"longitude": "139"})), ..raw(json!("1990-05-15")) },
                "INVALID_COORDINATES",
            ),
            (RawBirth { gender: Some(json!("x")), ..raw(json!("1990-05-15")) }, "INVALID_GENDER"),
            (RawBirth { mode: Some(json!("solar")), ..raw(json!("1990-05-15")) }, "INVALID_TIME_MODE"),
            (RawBirth { zi: Some(json!("late")), ..raw(json!("1990-05-15")) }, "INVALID_ZI_CONVENTION"),
            (RawBirth { dst_choice: Some(json!("summer")), ..raw(json!("1990-05-15")) }, "INVALID_DST_CHOICE"),
            (RawBirth { timezone: Some(json!("Asia/Tokyo; drop")), ..raw(json!("1990-05-15")) }, "UNKNOWN_TIME_ZONE"),
            (
                RawBirth { birth_location: Some(json!("あ".repeat(101))), ..raw(json!("1990-05-15")) },
                "INVALID_LOCATION",
            ),
        ];
        for (input, code) in cases {
            assert_eq!(BirthData::parse(input).map(|_| ()), Err(code));
        }
    }

    #[test]
    fn times_with_seconds_and_every_enumeration_are_accepted() {
        let birth = BirthData::parse(RawBirth {
            birth_time: Some(json!("23:59:59")),
            gender: Some(json!("female")),
            timezone: Some(json!("America/New_York")),
            mode: Some(json!("mean")),
            zi: Some(json!("next_day")),
            coordinates: Some(json!({"longitude": -74.006, "latitude": 40.7128})),
            ..raw(json!("2000-01-01"))
        })
        .expect("valid");

        assert_eq!(birth.time.as_deref(), Some("23:59:59"));
        assert_eq!(birth.gender, Some(Gender::Female));
        assert_eq!(birth.mode, Some(TimeMode::Mean));
        assert_eq!(birth.zi, Some(ZiConvention::NextDay));
        assert_eq!(birth.place, None);
    }
}
