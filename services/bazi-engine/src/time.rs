//! From the clock on the wall to the instants the pillars need.
//!
//! civil local time → UTC (tz database, summer time included) → TT (for the solar terms), and
//! → the corrected local time (standard, mean or apparent) for the day and hour pillars.

use crate::astro::{self, SECONDS_PER_DAY};
use crate::error::EngineError;
use crate::input::{Ambiguity, TimeMode, Zone};
use chrono::{LocalResult, NaiveDate, NaiveDateTime, NaiveTime, Offset, TimeZone};
use chrono_tz::{OffsetComponents, OffsetName};

/// Where the clock was, once the place has been looked up.
#[derive(Debug, Clone, PartialEq)]
pub struct Location {
    pub label: Option<String>,
    pub longitude: Option<f64>,
    pub latitude: Option<f64>,
    /// The zone to read the clock in (explicit, else the place's, else Asia/Tokyo).
    pub zone: Zone,
    /// The point stands for a larger area (e.g. a ward carrying its city's point).
    pub approximate: bool,
}

/// The birth instant and the local time the pillars use.
#[derive(Debug, Clone, PartialEq)]
pub struct ResolvedTime {
    pub civil: NaiveDateTime,
    pub zone_label: String,
    pub offset_seconds: i32,
    pub summer_time: bool,
    pub jd_utc: f64,
    pub jd_tt: f64,
    pub mode: TimeMode,
    pub longitude: Option<f64>,
    pub latitude: Option<f64>,
    /// Mean time minus the clock, seconds (0 in standard mode).
    pub longitude_correction_seconds: f64,
    /// Apparent minus mean time, seconds (0 unless apparent).
    pub equation_of_time_seconds: f64,
    /// The corrected local time as a Julian-Date-like number (its date and time of day are local).
    pub jd_local: f64,
}

impl ResolvedTime {
    pub fn total_correction_seconds(&self) -> f64 {
        self.longitude_correction_seconds + self.equation_of_time_seconds
    }
    /// The corrected local time, to the millisecond.
    pub fn corrected_local(&self) -> NaiveDateTime {
        naive_of_jd(self.jd_local)
    }
    pub fn utc(&self) -> NaiveDateTime {
        naive_of_jd(self.jd_utc)
    }
}

/// A Julian Date as a calendar date-time, rounded to the millisecond.
pub fn naive_of_jd(jd: f64) -> NaiveDateTime {
    let (y, m, d, secs) = astro::date_of_jd(jd);
    let ms = (secs * 1000.0).round() as u32;
    let date = NaiveDate::from_ymd_opt(y, m, d).unwrap_or_default();
    let time = NaiveTime::from_num_seconds_from_midnight_opt(ms / 1000, (ms % 1000) * 1_000_000).unwrap_or_default();
    date.and_time(time)
}

/// The Julian Date of a date-time read in the same scale.
pub fn jd_of_naive(t: NaiveDateTime) -> f64 {
    use chrono::{Datelike, Timelike};
    let d = t.date();
    astro::jd_of_date(d.year(), d.month(), d.day())
        + (t.num_seconds_from_midnight() as f64 + t.nanosecond() as f64 * 1e-9) / SECONDS_PER_DAY
}

fn fmt_local(t: NaiveDateTime) -> String {
    t.format("%Y年%-m月%-d日 %H:%M").to_string()
}

/// Civil time in a zone → (UTC, offset seconds, summer time?, zone label).
pub fn civil_to_utc(
    civil: NaiveDateTime,
    zone: Zone,
    ambiguity: Ambiguity,
) -> Result<(NaiveDateTime, i32, bool, String), EngineError> {
    match zone {
        Zone::Fixed(minutes) => {
            let offset = minutes * 60;
            let sign = if minutes < 0 { '-' } else { '+' };
            let label = format!("UTC{sign}{:02}:{:02}", minutes.abs() / 60, minutes.abs() % 60);
            Ok((civil - chrono::Duration::seconds(offset as i64), offset, false, label))
        }
        Zone::Iana(tz) => {
            let chosen = match tz.from_local_datetime(&civil) {
                LocalResult::Single(t) => t,
                LocalResult::Ambiguous(a, b) => match ambiguity {
                    Ambiguity::Earlier => a,
                    Ambiguity::Later => b,
                    Ambiguity::Reject => {
                        return Err(EngineError::AmbiguousLocalTime(format!(
                            "{} は夏時間の終了で2回ある時刻です（{} と {}）。ambiguous に earlier（夏時間）か later（標準時）を指定してください",
                            fmt_local(civil),
                            a.offset().abbreviation().unwrap_or("DST"),
                            b.offset().abbreviation().unwrap_or("STD"),
                        )));
                    }
                },
                LocalResult::None => {
                    return Err(EngineError::NonexistentLocalTime(format!(
                        "{} は夏時間の開始で時計が進められたため存在しない時刻です（{}）",
                        fmt_local(civil),
                        tz.name()
                    )));
                }
            };
            let offset = chosen.offset().fix().local_minus_utc();
            let dst = chosen.offset().dst_offset().num_seconds() != 0;
            Ok((chosen.naive_utc(), offset, dst, tz.name().to_owned()))
        }
    }
}

/// Resolves the birth clock into instants and the corrected local time.
///
/// `mode = None` means apparent when a longitude is known and standard otherwise.
pub fn resolve(
    civil: NaiveDateTime,
    location: &Location,
    mode: Option<TimeMode>,
    ambiguity: Ambiguity,
) -> Result<ResolvedTime, EngineError> {
    let (utc, offset_seconds, summer_time, zone_label) = civil_to_utc(civil, location.zone, ambiguity)?;
    let jd_utc = jd_of_naive(utc);
    let jd_tt = astro::utc_to_tt(jd_utc);
    let mode = mode.unwrap_or(if location.longitude.is_some() { TimeMode::Apparent } else { TimeMode::Standard });
    let (longitude_correction_seconds, equation_of_time_seconds) = match (mode, location.longitude) {
        (TimeMode::Standard, _) => (0.0, 0.0),
        (_, None) => {
            return Err(EngineError::InvalidCoordinates("平均太陽時・真太陽時には出生地（経度）が必要です".into()));
        }
        (TimeMode::Mean, Some(lon)) => (lon * 240.0 - offset_seconds as f64, 0.0),
        (TimeMode::Apparent, Some(lon)) => {
            let eot = astro::equation_of_time_seconds(jd_utc).ok_or(EngineError::DateOutOfRange)?;
            (lon * 240.0 - offset_seconds as f64, eot)
        }
    };
    let jd_local =
        jd_utc + (offset_seconds as f64 + longitude_correction_seconds + equation_of_time_seconds) / SECONDS_PER_DAY;
    Ok(ResolvedTime {
        civil,
        zone_label,
        offset_seconds,
        summer_time,
        jd_utc,
        jd_tt,
        mode,
        longitude: location.longitude,
        latitude: location.latitude,
        longitude_correction_seconds,
        equation_of_time_seconds,
        jd_local,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dt(s: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").expect("valid test date")
    }
    fn tokyo() -> Zone {
        Zone::Iana(chrono_tz::Asia::Tokyo)
    }

    #[test]
    fn japanese_summer_time_1949_is_applied() {
        let (utc, off, dst, _) = civil_to_utc(dt("1949-07-01 12:00"), tokyo(), Ambiguity::Reject).expect("exists");
        assert_eq!(utc, dt("1949-07-01 02:00"));
        assert_eq!(off, 36_000);
        assert!(dst);
        let (utc, off, dst, _) = civil_to_utc(dt("1952-07-01 12:00"), tokyo(), Ambiguity::Reject).expect("exists");
        assert_eq!((utc, off, dst), (dt("1952-07-01 03:00"), 32_400, false));
    }

    #[test]
    fn a_time_in_the_spring_gap_is_an_error() {
        let e = civil_to_utc(dt("1949-04-03 00:30"), tokyo(), Ambiguity::Reject).expect_err("gap");
        assert_eq!(e.code(), "NONEXISTENT_LOCAL_TIME");
    }

    #[test]
    fn a_repeated_time_needs_a_choice() {
        let e = civil_to_utc(dt("1949-09-11 00:30"), tokyo(), Ambiguity::Reject).expect_err("twice");
        assert_eq!(e.code(), "AMBIGUOUS_LOCAL_TIME");
        let (early, ..) = civil_to_utc(dt("1949-09-11 00:30"), tokyo(), Ambiguity::Earlier).expect("choice");
        let (late, ..) = civil_to_utc(dt("1949-09-11 00:30"), tokyo(), Ambiguity::Later).expect("choice");
        assert_eq!(late - early, chrono::Duration::hours(1));
    }

    #[test]
    fn sapporo_and_naha_corrections_have_the_expected_size() {
        let loc = |lon: f64| Location {
            label: None,
            longitude: Some(lon),
            latitude: None,
            zone: tokyo(),
            approximate: false,
        };
        let sapporo =
            resolve(dt("2026-11-21 12:00"), &loc(141.3543763), Some(TimeMode::Mean), Ambiguity::Reject).expect("valid");
        assert!((sapporo.longitude_correction_seconds / 60.0 - 25.4).abs() < 0.1);
        let naha = resolve(dt("2026-02-11 12:00"), &loc(127.67851), Some(TimeMode::Apparent), Ambiguity::Reject)
            .expect("valid");
        assert!((naha.longitude_correction_seconds / 60.0 + 29.3).abs() < 0.1);
        assert!((naha.equation_of_time_seconds / 60.0 + 14.2).abs() < 0.2);
        assert_eq!(naha.corrected_local().format("%H:%M").to_string(), "11:16");
    }
}
