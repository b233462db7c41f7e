//! Which faces each birth date 1900-01-01..=2030-12-31 can show, from the real engine.
//!
//! A date's face can be any of those of its births at any hour: for each date the engine computes
//! the chart of a birth with no time (in Japan's standard time), and
//! - when no 節 falls on the date (the year and month pillars hold all day), the hour pillars of
//!   thirteen times of day (00:30, 01:30, 03:30 … 21:30, 23:30: every double hour, the early and
//!   late 子 both) from the engine's own `day_and_hour`, each set of four pillars through the
//!   engine's strength analysis;
//! - when one does, the engine's full chart at each of the thirteen times.
//!
//! Each chart becomes a face through `FriendFace::of`, the projection social and fortune-gen apply
//! to the engine's answers. Only Japan's clock at thirteen times is tried, so the set of faces of a
//! date is a subset of what a birth that day (anywhere, at any minute) can show: the dates counted
//! consistent with what a friend saw are a lower bound.

use bazi_engine::analysis::assess_strength;
use bazi_engine::chart::{Chart, calculate};
use bazi_engine::input::{BirthInput, RawBirthInput, ZiConvention};
use bazi_engine::pillars::{Pillars, day_and_hour};
use chrono::NaiveDate;
use meguri_ganzhi::FriendFace;

pub const FIRST: (i32, u32, u32) = (1900, 1, 1);
pub const LAST: (i32, u32, u32) = (2030, 12, 31);

/// Hours of the day tried (local clock, hours since midnight).
const HOURS: [f64; 13] = [0.5, 1.5, 3.5, 5.5, 7.5, 9.5, 11.5, 13.5, 15.5, 17.5, 19.5, 21.5, 23.5];

/// Every date of the range with the set of faces it can show (a bit per [`FriendFace::index`]).
pub struct DateFaces {
    pub first: NaiveDate,
    pub masks: Vec<u64>,
}

/// The engine's chart of a birth on `date` at `time` in Japan; `None` for a clock time that did not
/// exist there (the summer-time gaps of 1948–1951).
fn chart(date: NaiveDate, time: Option<String>) -> Option<Chart> {
    let raw = RawBirthInput { birth_date: Some(date.to_string()), birth_time: time, ..RawBirthInput::default() };
    let input = BirthInput::parse(&raw).expect("a date the engine takes");
    match calculate(&input) {
        Ok(chart) => Some(chart),
        Err(bazi_engine::EngineError::NonexistentLocalTime(_)) => None,
        Err(e) => panic!("the engine computes every date of the range: {e:?}"),
    }
}

fn face(p: &Pillars) -> FriendFace {
    FriendFace::of(p.day_master(), &assess_strength(p).favorable).expect("a strength analysis has favourable elements")
}

fn bit(f: FriendFace) -> u64 {
    1 << f.index()
}

/// The faces `date` can show.
pub fn faces_of(date: NaiveDate) -> u64 {
    let noon = chart(date, None).expect("noon exists every day");
    if noon.hour_dependent.contains(&"month") {
        return HOURS.iter().fold(0, |mask, h| {
            // Whole minutes: 00:30, 01:30 …
            let minutes = (h * 60.0) as u32;
            match chart(date, Some(format!("{:02}:{:02}", minutes / 60, minutes % 60))) {
                Some(c) => {
                    mask | bit(FriendFace::of(c.day_master, &c.strength.favorable).expect("favourable elements"))
                }
                None => mask,
            }
        });
    }
    let jd_noon = noon.time.resolved.jd_local;
    HOURS.iter().fold(0, |mask, h| {
        let (day, hour) = day_and_hour(jd_noon + (h - 12.0) / 24.0, ZiConvention::Split);
        mask | bit(face(&Pillars { year: noon.four.year, month: noon.four.month, day, hour }))
    })
}

/// [`faces_of`] for every date of the range.
pub fn all_dates() -> DateFaces {
    let first = NaiveDate::from_ymd_opt(FIRST.0, FIRST.1, FIRST.2).expect("a date");
    let last = NaiveDate::from_ymd_opt(LAST.0, LAST.1, LAST.2).expect("a date");
    let masks = first.iter_days().take_while(|d| *d <= last).map(faces_of).collect();
    DateFaces { first, masks }
}

impl DateFaces {
    /// How many dates can show one of the faces in `consistent` (a mask).
    pub fn count(&self, consistent: u64) -> usize {
        self.masks.iter().filter(|m| *m & consistent != 0).count()
    }

    /// Whether `date` can show one of the faces in `consistent`.
    pub fn holds(&self, date: NaiveDate, consistent: u64) -> bool {
        let i = usize::try_from((date - self.first).num_days()).expect("a date of the range");
        self.masks[i] & consistent != 0
    }
}

#[test]
fn the_faces_of_a_date_include_its_noon_chart_and_repeat_the_day_master() {
    let date = NaiveDate::from_ymd_opt(1987, 3, 21).expect("a date");
    let noon = chart(date, Some("12:00".to_owned())).expect("a chart");
    let mask = faces_of(date);
    assert_ne!(mask & bit(FriendFace::of(noon.day_master, &noon.strength.favorable).expect("face")), 0);
    // Every face of the date has the date's day master: one of ten stems, at most five faces.
    let faces: Vec<FriendFace> = FriendFace::all().filter(|f| mask & bit(*f) != 0).collect();
    assert!(faces.iter().all(|f| f.day_master == noon.day_master), "{faces:?}");
    assert!((1..=5).contains(&faces.len()), "{faces:?}");
}
