//! Birth input: the raw JSON shape (CLI, batch, gRPC mapping) and its parsed, validated form.

use crate::error::EngineError;
use chrono::{Datelike, NaiveDate, NaiveTime};
use serde::{Deserialize, Serialize};

/// How the local time of birth is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TimeMode {
    /// The clock as read (civil time of the zone).
    Standard,
    /// Local mean time: UTC + longitude × 4 min.
    Mean,
    /// True solar time: mean time + the equation of time.
    Apparent,
}

impl TimeMode {
    pub fn key(self) -> &'static str {
        match self {
            TimeMode::Standard => "standard",
            TimeMode::Mean => "mean",
            TimeMode::Apparent => "apparent",
        }
    }
}

/// Which day the hour 23:00–24:00 belongs to.
///
/// The default is `Split` (早子時/夜子時): the calendar day — and so the day pillar — changes at
/// midnight as the civil day does, while the 子 hour that starts at 23:00 already takes its stem
/// from the next day (五鼠遁). Reason: it keeps the day pillar equal to the day people and almanacs
/// name, and both conventions agree on the hour pillar anyway; `NextDay` is offered for schools
/// that start the day at 23:00.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ZiConvention {
    #[default]
    Split,
    NextDay,
}

impl ZiConvention {
    pub fn key(self) -> &'static str {
        match self {
            ZiConvention::Split => "split",
            ZiConvention::NextDay => "next_day",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Gender {
    Male,
    Female,
}

/// How to read a local time that a summer-time change skipped (a gap) or repeated (an overlap).
/// Only such a time is affected; every other time has one reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DstChoice {
    /// Refuse: `NONEXISTENT_LOCAL_TIME` / `AMBIGUOUS_LOCAL_TIME`, listing what each choice gives.
    #[default]
    Reject,
    /// Repeated: the first occurrence; skipped: the offset in force before the change.
    Earlier,
    /// Repeated: the second occurrence; skipped: the offset in force after the change.
    Later,
    /// The clock time read as the zone's standard time.
    Standard,
}

impl DstChoice {
    /// The three choices a person can make, in the order they are offered.
    pub const CHOICES: [DstChoice; 3] = [DstChoice::Earlier, DstChoice::Later, DstChoice::Standard];

    /// The stable key (`earlier`, `later`, `standard`; `reject` for no choice).
    pub fn key(self) -> &'static str {
        match self {
            DstChoice::Reject => "reject",
            DstChoice::Earlier => "earlier",
            DstChoice::Later => "later",
            DstChoice::Standard => "standard",
        }
    }
}

/// The time zone of the birth clock.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Zone {
    Iana(chrono_tz::Tz),
    /// A fixed offset east of UTC, in minutes, with no summer time.
    Fixed(i32),
}

/// The JSON shape `bazi batch` reads, camelCase. Unknown fields are ignored.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RawBirthInput {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<serde_json::Value>,
    pub birth_date: Option<String>,
    #[serde(default)]
    pub birth_time: Option<String>,
    #[serde(default, alias = "birthLocation")]
    pub place: Option<String>,
    #[serde(default, alias = "timeZone")]
    pub timezone: Option<String>,
    #[serde(default)]
    pub utc_offset_minutes: Option<i32>,
    #[serde(default)]
    pub longitude: Option<f64>,
    #[serde(default)]
    pub latitude: Option<f64>,
    #[serde(default)]
    pub gender: Option<String>,
    #[serde(default)]
    pub mode: Option<String>,
    #[serde(default)]
    pub zi: Option<String>,
    /// `earlier`, `later` or `standard` (see [`DstChoice`]); `ambiguous` is its former name.
    #[serde(default, alias = "ambiguous")]
    pub dst_choice: Option<String>,
}

/// A validated birth.
#[derive(Debug, Clone, PartialEq)]
pub struct BirthInput {
    pub date: NaiveDate,
    /// `None` when the time of birth is unknown.
    pub time: Option<NaiveTime>,
    pub place: Option<String>,
    pub longitude: Option<f64>,
    pub latitude: Option<f64>,
    pub zone: Option<Zone>,
    pub gender: Option<Gender>,
    /// `None`: apparent when a longitude is known, standard otherwise.
    pub mode: Option<TimeMode>,
    pub zi: ZiConvention,
    pub dst_choice: DstChoice,
}

pub const FIRST_DATE: (i32, u32, u32) = (1900, 1, 1);
pub const LAST_DATE: (i32, u32, u32) = (2100, 12, 31);

impl BirthInput {
    /// A birth with only a date (and everything else defaulted).
    pub fn on(date: NaiveDate) -> BirthInput {
        BirthInput {
            date,
            time: None,
            place: None,
            longitude: None,
            latitude: None,
            zone: None,
            gender: None,
            mode: None,
            zi: ZiConvention::Split,
            dst_choice: DstChoice::Reject,
        }
    }

    pub fn parse(raw: &RawBirthInput) -> Result<BirthInput, EngineError> {
        let date = parse_date(raw.birth_date.as_deref().unwrap_or(""))?;
        let time = match raw.birth_time.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(t) => Some(parse_time(t)?),
        };
        let zone = match (raw.timezone.as_deref().map(str::trim), raw.utc_offset_minutes) {
            (Some(tz), None) if !tz.is_empty() => Some(parse_zone(tz)?),
            (Some(tz), Some(_)) if !tz.is_empty() => {
                return Err(EngineError::InvalidArgument(
                    "timezone と utcOffsetMinutes はどちらか一方だけを指定してください".into(),
                ));
            }
            (_, Some(m)) => {
                if !(-14 * 60..=14 * 60).contains(&m) {
                    return Err(EngineError::InvalidCoordinates(
                        "utcOffsetMinutes は -840〜840 の範囲で指定してください".into(),
                    ));
                }
                Some(Zone::Fixed(m))
            }
            _ => None,
        };
        if let Some(lon) = raw.longitude
            && !(lon.is_finite() && (-180.0..=180.0).contains(&lon))
        {
            return Err(EngineError::InvalidCoordinates("経度は -180〜180 の範囲で指定してください".into()));
        }
        if let Some(lat) = raw.latitude
            && !(lat.is_finite() && (-90.0..=90.0).contains(&lat))
        {
            return Err(EngineError::InvalidCoordinates("緯度は -90〜90 の範囲で指定してください".into()));
        }
        let gender = match raw.gender.as_deref().map(str::trim) {
            None | Some("") => None,
            Some("male" | "m" | "男" | "男性") => Some(Gender::Male),
            Some("female" | "f" | "女" | "女性") => Some(Gender::Female),
            Some(_) => return Err(EngineError::InvalidArgument("性別は male か female で指定してください".into())),
        };
        let mode = match raw.mode.as_deref().map(str::trim) {
            None | Some("") => None,
            Some("standard") => Some(TimeMode::Standard),
            Some("mean") => Some(TimeMode::Mean),
            Some("apparent") => Some(TimeMode::Apparent),
            Some(_) => {
                return Err(EngineError::InvalidArgument(
                    "mode は standard・mean・apparent のいずれかで指定してください".into(),
                ));
            }
        };
        let zi = match raw.zi.as_deref().map(str::trim) {
            None | Some("") | Some("split") => ZiConvention::Split,
            Some("next_day") => ZiConvention::NextDay,
            Some(_) => return Err(EngineError::InvalidArgument("zi は split か next_day で指定してください".into())),
        };
        let dst_choice = match raw.dst_choice.as_deref().map(str::trim) {
            None | Some("") | Some("reject") => DstChoice::Reject,
            Some("earlier") => DstChoice::Earlier,
            Some("later") => DstChoice::Later,
            Some("standard") => DstChoice::Standard,
            Some(_) => {
                return Err(EngineError::InvalidArgument(
                    "dstChoice は earlier・later・standard のいずれかで指定してください".into(),
                ));
            }
        };
        let place = raw.place.as_deref().map(str::trim).filter(|p| !p.is_empty()).map(str::to_owned);
        if place.as_ref().is_some_and(|p| p.chars().count() > 200) {
            return Err(EngineError::InvalidArgument("場所の名前が長すぎます".into()));
        }
        Ok(BirthInput {
            date,
            time,
            place,
            longitude: raw.longitude,
            latitude: raw.latitude,
            zone,
            gender,
            mode,
            zi,
            dst_choice,
        })
    }
}

/// Parses `YYYY-MM-DD` and checks that the day exists and is within 1900–2100.
pub fn parse_date(s: &str) -> Result<NaiveDate, EngineError> {
    let s = s.trim();
    let parts: Vec<&str> = s.split('-').collect();
    let format_error = || EngineError::InvalidDate("生年月日は YYYY-MM-DD の形式で指定してください".into());
    if parts.len() != 3
        || parts[0].len() != 4
        || !(1..=2).contains(&parts[1].len())
        || !(1..=2).contains(&parts[2].len())
        || !parts.iter().all(|p| p.bytes().all(|b| b.is_ascii_digit()))
    {
        return Err(format_error());
    }
    let y: i32 = parts[0].parse().map_err(|_| format_error())?;
    let m: u32 = parts[1].parse().map_err(|_| format_error())?;
    let d: u32 = parts[2].parse().map_err(|_| format_error())?;
    if !(1..=12).contains(&m) {
        return Err(EngineError::InvalidDate(format!("{m}月は存在しません（1〜12月で指定してください）")));
    }
    let date = NaiveDate::from_ymd_opt(y, m, d)
        .ok_or_else(|| EngineError::InvalidDate(format!("{y}年{m}月{d}日は存在しない日付です")))?;
    let (fy, fm, fd) = FIRST_DATE;
    let (ly, lm, ld) = LAST_DATE;
    let first = NaiveDate::from_ymd_opt(fy, fm, fd).ok_or(EngineError::DateOutOfRange)?;
    let last = NaiveDate::from_ymd_opt(ly, lm, ld).ok_or(EngineError::DateOutOfRange)?;
    if date < first || date > last {
        return Err(EngineError::DateOutOfRange);
    }
    debug_assert_eq!(date.year(), y);
    Ok(date)
}

/// Parses `HH:MM` or `HH:MM:SS` (24-hour clock).
pub fn parse_time(s: &str) -> Result<NaiveTime, EngineError> {
    let parts: Vec<&str> = s.trim().split(':').collect();
    if !(2..=3).contains(&parts.len())
        || !parts.iter().all(|p| (1..=2).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit()))
    {
        return Err(EngineError::InvalidTime);
    }
    let h: u32 = parts[0].parse().map_err(|_| EngineError::InvalidTime)?;
    let m: u32 = parts[1].parse().map_err(|_| EngineError::InvalidTime)?;
    let sec: u32 = match parts.get(2) {
        Some(p) => p.parse().map_err(|_| EngineError::InvalidTime)?,
        None => 0,
    };
    NaiveTime::from_hms_opt(h, m, sec).ok_or(EngineError::InvalidTime)
}

/// An IANA zone name (case-sensitive as in the tz database).
pub fn parse_zone(s: &str) -> Result<Zone, EngineError> {
    s.parse::<chrono_tz::Tz>().map(Zone::Iana).map_err(|_| EngineError::UnknownTimeZone(s.chars().take(64).collect()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn february_30th_is_a_clear_error() {
        let e = parse_date("1990-02-30").expect_err("no such day");
        assert_eq!(e.code(), "INVALID_DATE");
        assert_eq!(e.to_string(), "1990年2月30日は存在しない日付です");
    }

    #[test]
    fn dates_outside_the_supported_range_are_refused() {
        assert_eq!(parse_date("1899-12-31"), Err(EngineError::DateOutOfRange));
        assert_eq!(parse_date("2101-01-01"), Err(EngineError::DateOutOfRange));
        assert!(parse_date("1900-01-01").is_ok());
    }

    #[test]
    fn malformed_dates_and_times_are_refused() {
        for s in ["", "1990/05/15", "90-05-15", "1990-5", "１９９０-05-15", "1990-05-15T00"] {
            assert!(parse_date(s).is_err(), "{s}");
        }
        for s in ["24:00", "12:60", "noon", "12", "12:00:61", "-1:00"] {
            assert!(parse_time(s).is_err(), "{s}");
        }
        assert!(parse_time("7:05").is_ok());
    }

    #[test]
    fn a_zone_and_an_offset_together_are_refused() {
        let raw = RawBirthInput {
            birth_date: Some("1990-05-15".into()),
            timezone: Some("Asia/Tokyo".into()),
            utc_offset_minutes: Some(540),
            ..Default::default()
        };
        assert_eq!(BirthInput::parse(&raw).map_err(|e| e.code()), Err("INVALID_ARGUMENT"));
    }
}
