//! One birth → its chart: the instant, the corrected local time, the four pillars, the five
//! elements and everything derived from them (ten gods, 蔵干, 納音, 十二運, 空亡, strength,
//! favourable elements, luck pillars).
//!
//! The chart holds typed values; text (timestamps, notes) is produced only when it is serialised,
//! so computing a chart stays in the microsecond range.

use crate::analysis::{self, HiddenStem, LifeStage, Luck, Strength, TenGod};
use crate::astro::SolarTerm;
use crate::error::{ClockChange, EngineError};
use crate::ganzhi::{Branch, Element, GanZhi, Stem};
use crate::input::{BirthInput, DstChoice, TimeMode, ZiConvention, Zone};
use crate::pillars::{self, ElementCounts, Pillars, TermContext};
use crate::time::{self, Location, ResolvedTime, naive_of_jd};
use chrono::{Datelike, NaiveDate, NaiveDateTime, NaiveTime, Timelike};
use serde::ser::{SerializeSeq, SerializeStruct};
use serde::{Serialize, Serializer};
use std::fmt;

/// Luck pillars listed per chart (ten decades cover a long life).
pub const LUCK_PILLARS: usize = 10;

/// `{ heavenlyStem, earthlyBranch }` as the API shows a pillar.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PillarView {
    pub heavenly_stem: Stem,
    pub earthly_branch: Branch,
}

impl From<GanZhi> for PillarView {
    fn from(g: GanZhi) -> Self {
        PillarView { heavenly_stem: g.stem(), earthly_branch: g.branch() }
    }
}

/// The spec's `baziChart`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct BaziChartView {
    pub year: PillarView,
    pub month: PillarView,
    pub day: PillarView,
    pub hour: PillarView,
}

impl From<&Pillars> for BaziChartView {
    fn from(p: &Pillars) -> Self {
        BaziChartView { year: p.year.into(), month: p.month.into(), day: p.day.into(), hour: p.hour.into() }
    }
}

/// Formats a date-time as `YYYY-MM-DD<sep>HH:MM:SS[.mmm]` without chrono's format parser.
/// `sep` is `'T'` or `' '`; years are 1900–2101 here.
pub struct Stamp {
    pub t: NaiveDateTime,
    pub sep: char,
    pub millis: bool,
}

impl fmt::Display for Stamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Written digit by digit: `write!` with padding was a measurable share of an RPC.
        fn put(buf: &mut [u8], mut v: u32) {
            for b in buf.iter_mut().rev() {
                *b = b'0' + (v % 10) as u8;
                v /= 10;
            }
        }
        let (d, t) = (self.t.date(), self.t.time());
        let mut b = *b"0000-00-00T00:00:00.000";
        put(&mut b[0..4], d.year().clamp(0, 9999) as u32);
        put(&mut b[5..7], d.month());
        put(&mut b[8..10], d.day());
        b[10] = if self.sep == ' ' { b' ' } else { b'T' };
        put(&mut b[11..13], t.hour());
        put(&mut b[14..16], t.minute());
        put(&mut b[17..19], t.second().min(59));
        put(&mut b[20..23], (t.nanosecond() / 1_000_000).min(999));
        let len = if self.millis { 23 } else { 19 };
        f.write_str(std::str::from_utf8(&b[..len]).map_err(|_| fmt::Error)?)
    }
}

fn stamp(t: NaiveDateTime, sep: char, millis: bool) -> String {
    Stamp { t, sep, millis }.to_string()
}

/// A solar term as reported: `{ name, longitude, utc, tt }`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TermView(pub SolarTerm);

impl TermView {
    /// RFC 3339 UTC with milliseconds.
    pub fn utc(&self) -> String {
        format!("{}Z", Stamp { t: naive_of_jd(self.0.jd_utc()), sep: 'T', millis: true })
    }
    /// Terrestrial Time, ISO 8601 without a zone.
    pub fn tt(&self) -> String {
        stamp(naive_of_jd(self.0.jd_tt), 'T', true)
    }
}

impl Serialize for TermView {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("TermView", 4)?;
        st.serialize_field("name", self.0.name())?;
        st.serialize_field("longitude", &self.0.longitude())?;
        st.serialize_field("utc", &self.utc())?;
        st.serialize_field("tt", &self.tt())?;
        st.end()
    }
}

/// How the clock was read, and the correction applied.
#[derive(Debug, Clone, PartialEq)]
pub struct TimeInfo {
    pub resolved: ResolvedTime,
    pub place_label: Option<String>,
    pub place_approximate: bool,
    pub zi: ZiConvention,
}

fn signed_duration(seconds: f64) -> String {
    let sign = if seconds < 0.0 { '−' } else { '+' };
    let s = seconds.abs().round() as i64;
    if s >= 60 { format!("{sign}{}分{:02}秒", s / 60, s % 60) } else { format!("{sign}{s}秒") }
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

impl TimeInfo {
    /// The clock as entered (12:00 when the time is unknown).
    pub fn civil_local_time(&self) -> String {
        stamp(self.resolved.civil, 'T', false)
    }
    pub fn utc(&self) -> String {
        format!("{}Z", Stamp { t: self.resolved.utc(), sep: 'T', millis: false })
    }
    /// The local time the day and hour pillars use.
    pub fn corrected_local_time(&self) -> String {
        stamp(self.resolved.corrected_local(), ' ', false)
    }
    /// What the clocks showed at the birth instant (the entered time unless a summer-time choice
    /// moved it).
    pub fn wall_clock(&self) -> String {
        stamp(self.resolved.wall_clock, 'T', false)
    }
    /// A Japanese sentence naming the summer-time choice applied, when one was: '1948年5月2日 00:30
    /// は夏時間の切り替えで存在しない時刻のため、切り替え前の時刻として計算しました（当時の時計で
    /// 1948年5月2日 01:30）'.
    pub fn dst_note(&self) -> Option<String> {
        let r = &self.resolved;
        let (change, choice) = (r.clock_change?, r.dst_choice?);
        let why = match change {
            ClockChange::Gap => "夏時間の切り替えで存在しない時刻",
            ClockChange::Overlap => "夏時間の終了で2回ある時刻",
        };
        let how = match (change, choice) {
            (_, DstChoice::Standard | DstChoice::Reject) => "標準時として",
            (ClockChange::Gap, DstChoice::Earlier) => "切り替え前の時刻として",
            (ClockChange::Gap, DstChoice::Later) => "切り替え後の時刻として",
            (ClockChange::Overlap, DstChoice::Earlier) => "1回目（夏時間）として",
            (ClockChange::Overlap, DstChoice::Later) => "2回目（標準時）として",
        };
        let local = |t: NaiveDateTime| t.format("%Y年%-m月%-d日 %H:%M").to_string();
        Some(format!("{} は{why}のため、{how}計算しました（当時の時計で {}）", local(r.civil), local(r.wall_clock)))
    }
    /// A Japanese sentence: '札幌市（東経141.35°）の真太陽時: 経度補正 +25分25秒、均時差 +3分42秒（合計 +29分08秒）'.
    pub fn correction_note(&self) -> String {
        let r = &self.resolved;
        let name = self.place_label.as_deref().map(|l| l.split(", ").next().unwrap_or(l));
        let meridian = |lon: f64| if lon < 0.0 { format!("西経{:.2}°", -lon) } else { format!("東経{lon:.2}°") };
        let place = match (name, r.longitude) {
            (Some(l), Some(lon)) => format!("{l}（{}）", meridian(lon)),
            (None, Some(lon)) => meridian(lon),
            (Some(l), None) => l.to_owned(),
            (None, None) => String::new(),
        };
        let dst = if r.summer_time { "（夏時間）" } else { "" };
        match r.mode {
            TimeMode::Standard => format!("時計の時刻（{}{dst}）をそのまま使っています", r.zone_label),
            TimeMode::Mean => {
                format!("{place}の地方平均時{dst}: 経度補正 {}", signed_duration(r.longitude_correction_seconds))
            }
            TimeMode::Apparent => format!(
                "{place}の真太陽時{dst}: 経度補正 {}、均時差 {}（合計 {}）",
                signed_duration(r.longitude_correction_seconds),
                signed_duration(r.equation_of_time_seconds),
                signed_duration(r.total_correction_seconds())
            ),
        }
    }
}

impl Serialize for TimeInfo {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let r = &self.resolved;
        let mut st = s.serialize_struct("TimeInfo", 19)?;
        st.serialize_field("civilLocalTime", &self.civil_local_time())?;
        st.serialize_field("timeZone", &r.zone_label)?;
        st.serialize_field("utcOffsetSeconds", &r.offset_seconds)?;
        st.serialize_field("summerTime", &r.summer_time)?;
        st.serialize_field("utc", &self.utc())?;
        st.serialize_field("mode", r.mode.key())?;
        st.serialize_field("longitude", &r.longitude)?;
        st.serialize_field("latitude", &r.latitude)?;
        st.serialize_field("longitudeCorrectionSeconds", &round2(r.longitude_correction_seconds))?;
        st.serialize_field("equationOfTimeSeconds", &round2(r.equation_of_time_seconds))?;
        st.serialize_field("totalCorrectionSeconds", &round2(r.total_correction_seconds()))?;
        st.serialize_field("correctedLocalTime", &self.corrected_local_time())?;
        st.serialize_field("placeLabel", &self.place_label)?;
        st.serialize_field("placeApproximate", &self.place_approximate)?;
        st.serialize_field("zi", self.zi.key())?;
        st.serialize_field("correctionNote", &self.correction_note())?;
        st.serialize_field("clockChange", &r.clock_change.map(|c| c.key()))?;
        st.serialize_field("dstChoice", &r.dst_choice.map(|c| c.key()))?;
        st.serialize_field("wallClock", &self.wall_clock())?;
        st.end()
    }
}

/// One pillar with what it means for the day master.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PillarDetail {
    /// year | month | day | hour
    pub position: &'static str,
    pub pillar: GanZhi,
    pub day_master: Stem,
    pub depends_on_hour: bool,
}

impl PillarDetail {
    /// The ten god of the pillar's stem; `None` for the day stem itself (日主).
    pub fn stem_ten_god(&self) -> Option<TenGod> {
        (self.position != "day").then(|| analysis::ten_god(self.day_master, self.pillar.stem()))
    }
    /// 蔵干, main stem first.
    pub fn hidden_stems(&self) -> &'static [HiddenStem] {
        analysis::hidden_stems(self.pillar.branch())
    }
    pub fn nayin(&self) -> &'static str {
        analysis::nayin(self.pillar)
    }
    /// 十二運 of the day master at this branch.
    pub fn life_stage(&self) -> LifeStage {
        analysis::life_stage(self.day_master, self.pillar.branch())
    }
}

struct HiddenView<'a>(&'a HiddenStem, Stem);

impl Serialize for HiddenView<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("HiddenStem", 3)?;
        st.serialize_field("stem", &self.0.stem)?;
        st.serialize_field("role", &self.0.role)?;
        st.serialize_field("tenGod", &analysis::ten_god(self.1, self.0.stem))?;
        st.end()
    }
}

struct HiddenList<'a>(&'a PillarDetail);

impl Serialize for HiddenList<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let list = self.0.hidden_stems();
        let mut seq = s.serialize_seq(Some(list.len()))?;
        for h in list {
            seq.serialize_element(&HiddenView(h, self.0.day_master))?;
        }
        seq.end()
    }
}

impl Serialize for PillarDetail {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("PillarDetail", 8)?;
        st.serialize_field("position", self.position)?;
        st.serialize_field("heavenlyStem", &self.pillar.stem())?;
        st.serialize_field("earthlyBranch", &self.pillar.branch())?;
        st.serialize_field("stemTenGod", &self.stem_ten_god())?;
        st.serialize_field("hiddenStems", &HiddenList(self))?;
        st.serialize_field("nayin", self.nayin())?;
        st.serialize_field("lifeStage", &self.life_stage())?;
        st.serialize_field("dependsOnHour", &self.depends_on_hour)?;
        st.end()
    }
}

/// A complete chart.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Chart {
    pub bazi_chart: BaziChartView,
    /// Counts over the eight characters (stems and the branches' main elements); sum 8.
    pub elements: ElementCounts,
    /// Hidden-stem weights per element (蔵干: main 1.0, middle 0.5, residual 0.3).
    pub hidden_elements: HiddenElements,
    pub day_master: Stem,
    pub pillars: [PillarDetail; 4],
    /// 空亡 of the day pillar.
    pub kong_wang: [Branch; 2],
    pub strength: Strength,
    /// Present when the gender is known (the direction depends on it).
    pub luck: Option<Luck>,
    pub time: TimeInfo,
    pub time_known: bool,
    /// Results that depend on the (unknown) hour of birth; empty when the time is known.
    pub hour_dependent: Vec<&'static str>,
    pub previous_jie: TermView,
    pub next_jie: TermView,
    #[serde(skip)]
    pub four: Pillars,
    #[serde(skip)]
    pub context: TermContext,
    #[serde(skip)]
    pub birth_date: NaiveDate,
}

/// Element weights as `{ wood, fire, earth, metal, water }`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HiddenElements(pub [f64; 5]);

impl HiddenElements {
    /// The element with the largest hidden-stem weight; on a tie (weights within 1e-9, the
    /// rounding of sums such as 0.5 + 0.3) the first in 木火土金水 order.
    #[must_use]
    pub fn dominant(&self) -> Element {
        let w = &self.0;
        let mut best = 0;
        for i in 1..5 {
            if w[i] > w[best] + 1e-9 {
                best = i;
            }
        }
        Element::from_index(best)
    }
}

impl Serialize for HiddenElements {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("HiddenElements", 5)?;
        for (k, v) in ["wood", "fire", "earth", "metal", "water"].into_iter().zip(self.0) {
            st.serialize_field(k, &round2(v))?;
        }
        st.end()
    }
}

/// Where the birth clock was.
///
/// A place name is looked up in the gazetteer: it supplies the coordinates when none were given
/// (an unknown name is then an error) and the time zone when none was given. Given coordinates
/// always win over the gazetteer's point. Without any zone the clock is read as Asia/Tokyo.
pub fn locate(input: &BirthInput) -> Result<Location, EngineError> {
    let found = input.place.as_deref().and_then(crate::places::resolve);
    if input.place.is_some() && found.is_none() && input.longitude.is_none() {
        return Err(EngineError::PlaceNotFound(input.place.clone().unwrap_or_default()));
    }
    let place_zone = found.and_then(|p| p.timezone.parse::<chrono_tz::Tz>().ok()).map(Zone::Iana);
    let zone = input.zone.or(place_zone).unwrap_or(Zone::Iana(chrono_tz::Asia::Tokyo));
    let (longitude, latitude, approximate) = match (input.longitude, found) {
        (Some(lon), _) => (Some(lon), input.latitude, false),
        (None, Some(p)) => (Some(p.longitude), Some(p.latitude), p.approximate),
        (None, None) => (None, input.latitude, false),
    };
    let label = found.map(|p| p.label()).or_else(|| input.place.clone());
    Ok(Location { label, longitude, latitude, zone, approximate })
}

/// Computes the chart of one birth.
pub fn calculate(input: &BirthInput) -> Result<Chart, EngineError> {
    let location = locate(input)?;
    let time_known = input.time.is_some();
    let clock = input.time.unwrap_or(NaiveTime::from_hms_opt(12, 0, 0).unwrap_or_default());
    let resolved = time::resolve(input.date.and_time(clock), &location, input.mode, input.dst_choice)?;
    let (year, month, context) = pillars::year_and_month(resolved.jd_tt)?;
    let (day, hour) = pillars::day_and_hour(resolved.jd_local, input.zi);
    let four = Pillars { year, month, day, hour };
    let hidden = analysis::hidden_element_weights(&four);
    let elements = pillars::count_elements(&four, &hidden);

    // With an unknown time, say what the assumed 12:00 decides.
    let mut hour_dependent = Vec::new();
    let mut month_depends = false;
    let mut year_depends = false;
    if !time_known {
        hour_dependent.extend(["hour", "elements", "dominant", "strength", "favorableElements", "luck"]);
        // A 節 on the birth date means the month (and at 立春 the year) depends on the hour.
        let day_start = resolved.jd_local - (resolved.jd_local + 0.5).rem_euclid(1.0);
        let offset = resolved.jd_local - resolved.jd_utc;
        let (start_utc, end_utc) = (day_start - offset, day_start + 1.0 - offset);
        for jie in [context.previous_jie, context.next_jie] {
            let t = jie.jd_utc();
            if t >= start_utc && t < end_utc {
                month_depends = true;
                year_depends |= jie.index == 2;
            }
        }
        if month_depends {
            hour_dependent.push("month");
        }
        if year_depends {
            hour_dependent.push("year");
        }
    }
    let detail = |position, pillar, depends_on_hour| PillarDetail {
        position,
        pillar,
        day_master: four.day_master(),
        depends_on_hour: !time_known && depends_on_hour,
    };
    let luck = input
        .gender
        .map(|g| analysis::luck_pillars_at(&four, &context, resolved.jd_utc, resolved.civil, g, LUCK_PILLARS));
    Ok(Chart {
        bazi_chart: (&four).into(),
        elements,
        hidden_elements: HiddenElements(hidden),
        day_master: four.day_master(),
        pillars: [
            detail("year", year, year_depends),
            detail("month", month, month_depends),
            detail("day", day, false),
            detail("hour", hour, true),
        ],
        kong_wang: analysis::kong_wang(day),
        strength: analysis::assess_strength(&four),
        luck,
        time: TimeInfo { resolved, place_label: location.label, place_approximate: location.approximate, zi: input.zi },
        time_known,
        hour_dependent,
        previous_jie: TermView(context.previous_jie),
        next_jie: TermView(context.next_jie),
        four,
        context,
        birth_date: input.date,
    })
}

/// The 24 solar terms of a year, for `bazi terms`.
pub fn terms_of_year(year: i32) -> Result<Vec<TermView>, EngineError> {
    if !(1900..=2100).contains(&year) {
        return Err(EngineError::DateOutOfRange);
    }
    let terms = crate::astro::terms_of_year(year).ok_or(EngineError::DateOutOfRange)?;
    Ok(terms.into_iter().map(TermView).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::RawBirthInput;

    fn chart(raw: RawBirthInput) -> Chart {
        calculate(&BirthInput::parse(&raw).expect("valid")).expect("chart")
    }

    #[test]
    fn the_dominant_hidden_element_is_the_heaviest_and_the_first_of_a_tie() {
        assert_eq!(HiddenElements([1.0, 0.5, 0.3, 0.0, 1.8]).dominant(), Element::Water);
        assert_eq!(HiddenElements([0.3, 2.3, 1.5, 0.0, 0.0]).dominant(), Element::Fire);
        assert_eq!(HiddenElements([0.0, 0.8, 0.0, 0.8, 0.0]).dominant(), Element::Fire, "a tie: the first");
        assert_eq!(
            HiddenElements([0.0, 0.0, 0.5 + 0.3, 0.8, 0.0]).dominant(),
            Element::Earth,
            "sums equal but for float rounding are a tie"
        );
        assert_eq!(HiddenElements([0.0; 5]).dominant(), Element::Wood);
    }

    #[test]
    fn stamps_are_zero_padded() {
        let t = NaiveDate::from_ymd_opt(1905, 3, 7).and_then(|d| d.and_hms_milli_opt(4, 5, 6, 78)).expect("valid");
        assert_eq!(stamp(t, 'T', true), "1905-03-07T04:05:06.078");
        assert_eq!(stamp(t, ' ', false), "1905-03-07 04:05:06");
    }

    #[test]
    fn an_unknown_time_lists_what_depends_on_the_hour() {
        let c = chart(RawBirthInput { birth_date: Some("2026-02-04".into()), ..Default::default() });
        assert!(!c.time_known);
        // 2026-02-04 is 立春 day (17:02 JST): month and year depend on the hour.
        for k in ["hour", "month", "year", "luck"] {
            assert!(c.hour_dependent.contains(&k), "{k}: {:?}", c.hour_dependent);
        }
        let c = chart(RawBirthInput { birth_date: Some("2026-03-01".into()), ..Default::default() });
        assert!(!c.hour_dependent.contains(&"month"));
        assert!(c.pillars[3].depends_on_hour && !c.pillars[2].depends_on_hour);
    }

    #[test]
    fn a_known_gender_adds_luck_pillars() {
        let c = chart(RawBirthInput {
            birth_date: Some("1990-05-15".into()),
            birth_time: Some("14:30".into()),
            gender: Some("female".into()),
            ..Default::default()
        });
        let luck = c.luck.expect("luck");
        assert_eq!(luck.pillars.len(), LUCK_PILLARS);
        // 庚 (yang) year, female → backward from the month pillar 辛巳.
        assert!(!luck.forward);
        assert_eq!(luck.pillars[0].pillar.name(), "庚辰");
    }

    #[test]
    fn the_serialised_chart_has_the_spec_shape_and_japanese_terms() {
        let c = chart(RawBirthInput {
            birth_date: Some("1990-05-15".into()),
            birth_time: Some("14:30".into()),
            place: Some("札幌".into()),
            ..Default::default()
        });
        let v = serde_json::to_value(&c).expect("json");
        assert_eq!(v["baziChart"]["day"]["heavenlyStem"], "庚");
        assert_eq!(v["pillars"][0]["stemTenGod"], "比肩");
        assert!(v["pillars"][2]["stemTenGod"].is_null());
        assert!(v["time"]["correctionNote"].as_str().unwrap_or("").starts_with("札幌市（東経141.35°）の真太陽時"));
        assert_eq!(v["previousJie"]["name"], "立夏");
    }
}
