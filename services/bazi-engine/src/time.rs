//! From the clock on the wall to the instants the pillars need.
//!
//! civil local time → UTC (tz database, summer time included) → TT (for the solar terms), and
//! → the corrected local time (standard, mean or apparent) for the day and hour pillars.

use crate::astro::{self, SECONDS_PER_DAY};
use crate::error::{ClockChange, DstOption, EngineError, LocalTimeIssue};
use crate::input::{DstChoice, TimeMode, Zone};
use chrono::{LocalResult, NaiveDate, NaiveDateTime, NaiveTime, Offset, TimeZone};
use chrono_tz::{OffsetComponents, Tz};

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
    /// The entered time was skipped or repeated by a clock change.
    pub clock_change: Option<ClockChange>,
    /// The summer-time choice applied to it (`None` when the time had one reading).
    pub dst_choice: Option<DstChoice>,
    /// What the clocks showed at the birth instant.
    pub wall_clock: NaiveDateTime,
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

/// How the clock was read: the instant, the offset used and whether a summer-time choice applied.
#[derive(Debug, Clone, PartialEq)]
pub struct Reading {
    pub utc: NaiveDateTime,
    pub offset_seconds: i32,
    pub summer_time: bool,
    pub zone_label: String,
    /// The entered time was skipped or repeated by a clock change.
    pub clock_change: Option<ClockChange>,
    /// The choice applied to it (`None` when the time had one reading).
    pub applied: Option<DstChoice>,
    /// What the clocks showed at the instant.
    pub wall_clock: NaiveDateTime,
}

/// The offsets a skipped or repeated time can be read with: (earlier, later, standard), each
/// (seconds east of UTC, summer time?).
fn choice_offsets(tz: Tz, civil: NaiveDateTime, found: &LocalResult<chrono::DateTime<Tz>>) -> [(i32, bool); 3] {
    let of = |o: &<Tz as TimeZone>::Offset| (o.fix().local_minus_utc(), o.dst_offset().num_seconds() != 0);
    let (earlier, later, base) = match found {
        LocalResult::Ambiguous(a, b) => (of(a.offset()), of(b.offset()), a.offset().base_utc_offset()),
        _ => {
            // A gap: the offsets a day either side of it (no zone changes its clocks twice in two days).
            let day = chrono::Duration::days(1);
            let before = tz.offset_from_utc_datetime(&(civil - day));
            let after = tz.offset_from_utc_datetime(&(civil + day));
            (of(&before), of(&after), before.base_utc_offset())
        }
    };
    [earlier, later, (base.num_seconds() as i32, false)]
}

/// What each choice makes of a skipped or repeated time in `tz`.
fn options(tz: Tz, civil: NaiveDateTime, found: &LocalResult<chrono::DateTime<Tz>>) -> Vec<DstOption> {
    DstChoice::CHOICES
        .into_iter()
        .zip(choice_offsets(tz, civil, found))
        .map(|(choice, (offset_seconds, summer_time))| {
            let utc = civil - chrono::Duration::seconds(offset_seconds.into());
            DstOption { choice, utc, wall_clock: tz.from_utc_datetime(&utc).naive_local(), offset_seconds, summer_time }
        })
        .collect()
}

/// Civil time in a zone → the instant, with the offset used. A time a summer-time change skipped
/// or repeated is read as `choice` says, or refused (with what each choice gives) when there is none.
pub fn civil_to_utc(civil: NaiveDateTime, zone: Zone, choice: DstChoice) -> Result<Reading, EngineError> {
    match zone {
        Zone::Fixed(minutes) => {
            let offset = minutes * 60;
            let sign = if minutes < 0 { '-' } else { '+' };
            let label = format!("UTC{sign}{:02}:{:02}", minutes.abs() / 60, minutes.abs() % 60);
            Ok(Reading {
                utc: civil - chrono::Duration::seconds(offset as i64),
                offset_seconds: offset,
                summer_time: false,
                zone_label: label,
                clock_change: None,
                applied: None,
                wall_clock: civil,
            })
        }
        Zone::Iana(tz) => {
            let found = tz.from_local_datetime(&civil);
            let clock_change = match found {
                LocalResult::Single(t) => {
                    let offset = t.offset();
                    return Ok(Reading {
                        utc: t.naive_utc(),
                        offset_seconds: offset.fix().local_minus_utc(),
                        summer_time: offset.dst_offset().num_seconds() != 0,
                        zone_label: tz.name().to_owned(),
                        clock_change: None,
                        applied: None,
                        wall_clock: civil,
                    });
                }
                LocalResult::Ambiguous(..) => ClockChange::Overlap,
                LocalResult::None => ClockChange::Gap,
            };
            let options = options(tz, civil, &found);
            let Some(option) = options.iter().find(|o| o.choice == choice) else {
                let message = match clock_change {
                    ClockChange::Gap => format!(
                        "{} は夏時間の開始で時計が進められたため存在しない時刻です（{}）。dstChoice に earlier（切り替え前の時刻）・later（切り替え後の時刻）・standard（標準時）のいずれかを指定してください",
                        fmt_local(civil),
                        tz.name()
                    ),
                    ClockChange::Overlap => format!(
                        "{} は夏時間の終了で2回ある時刻です（{}）。dstChoice に earlier（1回目）・later（2回目）・standard（標準時）のいずれかを指定してください",
                        fmt_local(civil),
                        tz.name()
                    ),
                };
                let issue = Box::new(LocalTimeIssue { message, civil, clock_change, options });
                return Err(match clock_change {
                    ClockChange::Gap => EngineError::NonexistentLocalTime(issue),
                    ClockChange::Overlap => EngineError::AmbiguousLocalTime(issue),
                });
            };
            Ok(Reading {
                utc: option.utc,
                offset_seconds: option.offset_seconds,
                summer_time: option.summer_time,
                zone_label: tz.name().to_owned(),
                clock_change: Some(clock_change),
                applied: Some(choice),
                wall_clock: option.wall_clock,
            })
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
    choice: DstChoice,
) -> Result<ResolvedTime, EngineError> {
    let reading = civil_to_utc(civil, location.zone, choice)?;
    let Reading { utc, offset_seconds, summer_time, .. } = reading;
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
        zone_label: reading.zone_label,
        clock_change: reading.clock_change,
        dst_choice: reading.applied,
        wall_clock: reading.wall_clock,
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
        let r = civil_to_utc(dt("1949-07-01 12:00"), tokyo(), DstChoice::Reject).expect("exists");
        assert_eq!(
            (r.utc, r.offset_seconds, r.summer_time, r.clock_change),
            (dt("1949-07-01 02:00"), 36_000, true, None)
        );
        let r = civil_to_utc(dt("1952-07-01 12:00"), tokyo(), DstChoice::Reject).expect("exists");
        assert_eq!((r.utc, r.offset_seconds, r.summer_time), (dt("1952-07-01 03:00"), 32_400, false));
    }

    #[test]
    fn a_time_with_one_reading_ignores_the_choice() {
        let r = civil_to_utc(dt("1949-07-01 12:00"), tokyo(), DstChoice::Standard).expect("exists");
        assert_eq!((r.utc, r.applied, r.wall_clock), (dt("1949-07-01 02:00"), None, dt("1949-07-01 12:00")));
    }

    fn issue(e: EngineError) -> LocalTimeIssue {
        match e {
            EngineError::NonexistentLocalTime(i) | EngineError::AmbiguousLocalTime(i) => *i,
            other => panic!("not a summer-time error: {other:?}"),
        }
    }

    #[test]
    fn a_time_in_the_spring_gap_lists_what_each_choice_gives() {
        // 1948-05-02 00:00 JST the clocks went to 01:00 JDT: 00:30 never showed.
        let e = civil_to_utc(dt("1948-05-02 00:30"), tokyo(), DstChoice::Reject).expect_err("gap");
        assert_eq!(e.code(), "NONEXISTENT_LOCAL_TIME");
        let issue = issue(e);
        assert_eq!(issue.clock_change, ClockChange::Gap);
        let seen: Vec<_> =
            issue.options.iter().map(|o| (o.choice, o.utc, o.wall_clock, o.offset_seconds, o.summer_time)).collect();
        assert_eq!(
            seen,
            [
                (DstChoice::Earlier, dt("1948-05-01 15:30"), dt("1948-05-02 01:30"), 32_400, false),
                (DstChoice::Later, dt("1948-05-01 14:30"), dt("1948-05-01 23:30"), 36_000, true),
                (DstChoice::Standard, dt("1948-05-01 15:30"), dt("1948-05-02 01:30"), 32_400, false),
            ]
        );
        let r = civil_to_utc(dt("1948-05-02 00:30"), tokyo(), DstChoice::Later).expect("chosen");
        assert_eq!(
            (r.utc, r.clock_change, r.applied),
            (dt("1948-05-01 14:30"), Some(ClockChange::Gap), Some(DstChoice::Later))
        );
    }

    #[test]
    fn a_repeated_time_needs_a_choice() {
        // 1949-09-11 01:00 JDT the clocks went back to 00:00 JST: 00:30 showed twice.
        let e = civil_to_utc(dt("1949-09-11 00:30"), tokyo(), DstChoice::Reject).expect_err("twice");
        assert_eq!(e.code(), "AMBIGUOUS_LOCAL_TIME");
        let issue = issue(e);
        assert_eq!(issue.clock_change, ClockChange::Overlap);
        let utc: Vec<_> = issue.options.iter().map(|o| (o.choice, o.utc, o.summer_time)).collect();
        assert_eq!(
            utc,
            [
                (DstChoice::Earlier, dt("1949-09-10 14:30"), true),
                (DstChoice::Later, dt("1949-09-10 15:30"), false),
                (DstChoice::Standard, dt("1949-09-10 15:30"), false),
            ]
        );
        let early = civil_to_utc(dt("1949-09-11 00:30"), tokyo(), DstChoice::Earlier).expect("choice");
        let late = civil_to_utc(dt("1949-09-11 00:30"), tokyo(), DstChoice::Later).expect("choice");
        assert_eq!(late.utc - early.utc, chrono::Duration::hours(1));
        assert_eq!((early.wall_clock, late.wall_clock), (dt("1949-09-11 00:30"), dt("1949-09-11 00:30")));
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
            resolve(dt("2026-11-21 12:00"), &loc(141.3543763), Some(TimeMode::Mean), DstChoice::Reject).expect("valid");
        assert!((sapporo.longitude_correction_seconds / 60.0 - 25.4).abs() < 0.1);
        let naha = resolve(dt("2026-02-11 12:00"), &loc(127.67851), Some(TimeMode::Apparent), DstChoice::Reject)
            .expect("valid");
        assert!((naha.longitude_correction_seconds / 60.0 + 29.3).abs() < 0.1);
        assert!((naha.equation_of_time_seconds / 60.0 + 14.2).abs() < 0.2);
        assert_eq!(naha.corrected_local().format("%H:%M").to_string(), "11:16");
    }
}
