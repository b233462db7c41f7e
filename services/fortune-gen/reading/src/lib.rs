//! The built-in Japanese reading generator of fortune-gen: pure functions from chart facts to text.
//!
//! No I/O, no randomness source other than the caller's `seed`: the same facts, history and seed
//! always give the same reading. The facts come from bazi-engine (a natal chart and `ReadTransits`);
//! fortune-gen maps its proto messages into the types below.
//!
//! INTERFACE CONTRACT (fixed; fortune-gen codes against it):
//! - [`daily`] builds one day's reading; [`yearly`] and [`life`] build the reports.
//! - Every reading explains itself in [`Reason`]s built from the same facts the text used. With an
//!   unknown birth time the hour pillar's relations do not steer the text; a relation the day has
//!   with the assumed hour pillar is listed last as a reference reason (`hour_dependent`), and the
//!   reasons that rest on the assumed hour are marked the same way.
//! - [`History`] carries what the user saw recently; a returned reading never repeats one of
//!   `recent_lines` and avoids `recent_words` where an alternative exists.

pub mod facts;

pub use facts::{AlmanacFact, DayFacts, Element, LifeFacts, LuckPeriod, Natal, Relation, Transit, YearFacts};

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

/// What the user saw recently.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct History {
    /// Key words of the last 14 days' readings (`recentWords14d`).
    pub recent_words: BTreeSet<String>,
    /// Every fortune line shown in the last 30 days.
    pub recent_lines: BTreeSet<String>,
}

/// Why the reading says what it says.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reason {
    /// `ten_god` | `relation` | `elements` | `almanac` | `life_stage` | `kong_wang` | `season`
    pub kind: String,
    /// Short Japanese label, e.g. `今日の干: 偏財`.
    pub label: String,
    /// One Japanese sentence.
    pub detail: String,
    /// True when the fact rests on the assumed 12:00 of an unknown birth time (the UI marks it
    /// 参考): a relation with the hour pillar (or with a month or year pillar the hour decides), or
    /// the day's elements weighed against favourable elements the hour helps decide.
    #[serde(default)]
    pub hour_dependent: bool,
}

/// One day's reading.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DailyReading {
    /// One or two lines (never containing `|`).
    pub lines: Vec<String>,
    /// Three or more dos.
    pub dos: Vec<String>,
    /// Three or more don'ts.
    pub donts: Vec<String>,
    pub reasons: Vec<Reason>,
    /// The key words of this reading, to be remembered in `recentWords14d`.
    pub words: Vec<String>,
}

/// A report section.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Section {
    pub heading: String,
    /// Paragraphs separated by a blank line.
    pub body: String,
}

/// A date worth knowing, with why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ImportantDate {
    /// `YYYY`, `YYYY-MM` or `YYYY-MM-DD`.
    pub date: String,
    pub label: String,
    pub detail: String,
}

/// A yearly or life report.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Report {
    pub title: String,
    pub sections: Vec<Section>,
    pub important_dates: Vec<ImportantDate>,
    /// When the birth time is unknown: what the report draws on that the assumed 12:00 decides
    /// (bazi-engine's `hour_dependent` names, the hour pillar itself left out because the reports
    /// do not read it then). Empty when the time is known.
    #[serde(default)]
    pub hour_dependent: Vec<String>,
}

/// One day's reading for a natal chart. `seed` is stable per user and date (fortune-gen hashes
/// the user id and the local date).
#[must_use]
pub fn daily(natal: &Natal, day: &DayFacts, history: &History, seed: u64) -> DailyReading {
    daily::build(natal, day, history, seed)
}

/// The report for one calendar year.
#[must_use]
pub fn yearly(natal: &Natal, year: &YearFacts) -> Report {
    yearly::build(natal, year)
}

/// The life report: the luck pillars (大運) or, without them, the natal chart and the coming years.
#[must_use]
pub fn life(natal: &Natal, life: &LifeFacts) -> Report {
    life::build(natal, life)
}

mod compose;
mod daily;
mod ganzhi;
mod life;
mod narrate;
mod phrases;
#[cfg(test)]
mod scenarios;
mod seed;
#[cfg(test)]
mod testkit;
mod yearly;
