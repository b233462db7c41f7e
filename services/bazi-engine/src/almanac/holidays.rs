//! 国民の祝日 and the other days off of the 祝日法, computed by rule (no table) from its start on
//! 1948-07-20 to 2100.
//!
//! Rules followed (each with the date it took effect):
//! - the fixed and Happy-Monday holidays as the law stood each year: 成人の日 (1/15, from 2000 the
//!   2nd Monday of January), 建国記念の日 (from 1967), 天皇誕生日 (4/29 to 1988, 12/23 1989–2018,
//!   none in 2019, 2/23 from 2020), 4/29 みどりの日 (1989–2006) then 昭和の日, 5/4 みどりの日 (from
//!   2007), 海の日 (7/20 from 1996, 3rd Monday of July from 2003), 山の日 (8/11 from 2016), 敬老の日
//!   (9/15 from 1966, 3rd Monday of September from 2003), 体育の日 (10/10 from 1966, 2nd Monday of
//!   October from 2000) renamed スポーツの日 in 2020, and the Olympic moves of 2020 and 2021;
//! - 春分の日 / 秋分の日 on the JST date of the astronomical equinox. The official date is
//!   announced in the 官報 each February for the following year (国立天文台「暦要項」), from the same
//!   astronomy, so later years are predictions;
//! - days off by special law, counted as 祝日 for the rules below: 1959-04-10, 1989-02-24,
//!   1990-11-12, 1993-06-09, 2019-05-01 and 2019-10-22;
//! - 振替休日 (from 1973-04-12): a 祝日 on a Sunday moves the day off to the Monday; from 2007 to the
//!   first following day that is not a 祝日;
//! - 国民の休日 (from 1985-12-27): a day whose previous and next days are both 祝日 (before 2007 not
//!   on a Sunday nor on a 振替休日).
//!
//! Names are normalised: '振替休日', '国民の休日', and the one-off days by their ceremony
//! ('即位の日', '即位礼正殿の儀', …).

use super::{AlmanacItem, ItemKind, year_of_jdn};
use crate::error::EngineError;
use crate::ganzhi::jdn;
use serde::Serialize;
use std::sync::OnceLock;

/// Which rule of the law made the day off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HolidayKind {
    /// 国民の祝日 (第2条)
    National,
    /// 振替休日 (第3条第2項)
    Substitute,
    /// 国民の休日 (第3条第3項)
    Citizens,
    /// A one-off day off by special law (皇室の儀式, 即位の日).
    Special,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Holiday {
    pub name: &'static str,
    pub kind: HolidayKind,
    #[serde(skip)]
    description: &'static str,
}

impl Holiday {
    pub fn description(&self) -> &'static str {
        self.description
    }

    pub fn item(&self) -> AlmanacItem {
        let source = match self.kind {
            HolidayKind::National => {
                "国民の祝日: 国民の祝日に関する法律（各年の改正を反映した規則計算。春分の日・秋分の日は天文計算による日付）"
            }
            HolidayKind::Substitute => {
                "振替休日: 祝日法第3条第2項（1973年4月12日から。2007年からは日曜日の祝日の後で最も近い祝日でない日）"
            }
            HolidayKind::Citizens => "国民の休日: 祝日法第3条第3項（1985年12月27日から。前日と翌日が祝日の日）",
            HolidayKind::Special => "特例法による休日（この年限り）",
        };
        AlmanacItem { id: "holiday", name: self.name, kind: ItemKind::Holiday, description: self.description, source }
    }
}

const fn national(name: &'static str, description: &'static str) -> Holiday {
    Holiday { name, kind: HolidayKind::National, description }
}
const fn special(name: &'static str, description: &'static str) -> Holiday {
    Holiday { name, kind: HolidayKind::Special, description }
}

const GANJITSU: Holiday = national("元日", "年のはじめを祝う日。");
const SEIJIN: Holiday = national("成人の日", "大人になった若者を祝い、これからの歩みを励ます日。");
const KENKOKU: Holiday = national("建国記念の日", "国のはじまりをしのび、国を大切に思う心を育てる日。");
const TENNO: Holiday = national("天皇誕生日", "天皇の誕生日を祝う日。");
const SHUNBUN: Holiday = national("春分の日", "自然をたたえ、生き物をいつくしむ日。昼と夜の長さがほぼ同じになる。");
const SHOWA: Holiday = national("昭和の日", "激動の昭和の時代を振り返り、これからの日本に思いを寄せる日。");
const KENPO: Holiday = national("憲法記念日", "日本国憲法の施行を記念し、国の歩みを考える日。");
const MIDORI: Holiday = national("みどりの日", "自然に親しみ、その恵みに感謝して豊かな心を育む日。");
const KODOMO: Holiday = national("こどもの日", "子どもの人格を重んじて幸せを願い、あわせて母に感謝する日。");
const UMI: Holiday = national("海の日", "海の恵みに感謝し、海に囲まれた日本の繁栄を願う日。");
const YAMA: Holiday = national("山の日", "山に親しむ機会を得て、山の恵みに感謝する日。");
const KEIRO: Holiday = national("敬老の日", "長く社会に尽くしてきたお年寄りを敬い、長寿を祝う日。");
const SHUBUN: Holiday = national("秋分の日", "祖先を敬い、亡くなった人々をしのぶ日。");
const TAIIKU: Holiday = national("体育の日", "スポーツに親しみ、健やかな心と体を育てる日。");
const SPORTS: Holiday = national("スポーツの日", "スポーツを楽しみ、他者を尊重する心と健やかな心身を育む日。");
const BUNKA: Holiday = national("文化の日", "自由と平和を愛し、文化を育てる日。");
const KINRO: Holiday = national("勤労感謝の日", "働くことを尊び、生産を祝い、互いに感謝し合う日。");
const FURIKAE: Holiday = Holiday {
    name: "振替休日",
    kind: HolidayKind::Substitute,
    description: "祝日が日曜日と重なったため、代わりに休みとなる日。",
};
const KOKUMIN: Holiday = Holiday {
    name: "国民の休日",
    kind: HolidayKind::Citizens,
    description: "前の日と次の日が祝日にはさまれているため、休みとなる日。",
};

/// (date, holiday) for the one-off days of special laws.
const SPECIAL: [((i32, u32, u32), Holiday); 6] = [
    (
        (1959, 4, 10),
        special("皇太子明仁親王の結婚の儀", "皇太子明仁親王の結婚の儀が行われ、この年限りの休日とされた日。"),
    ),
    ((1989, 2, 24), special("昭和天皇の大喪の礼", "昭和天皇の葬儀（大喪の礼）が行われ、この年限りの休日とされた日。")),
    ((1990, 11, 12), special("即位礼正殿の儀", "天皇の即位を内外に示す儀式が行われ、この年限りの休日とされた日。")),
    (
        (1993, 6, 9),
        special("皇太子徳仁親王の結婚の儀", "皇太子徳仁親王の結婚の儀が行われ、この年限りの休日とされた日。"),
    ),
    ((2019, 5, 1), special("即位の日", "天皇の即位を記念して、この年限り祝日として扱われた日。")),
    ((2019, 10, 22), special("即位礼正殿の儀", "天皇の即位を内外に示す儀式が行われ、この年限り祝日として扱われた日。")),
];

const FIRST_YEAR: i32 = 1948;
const LAST_YEAR: i32 = 2100;
const YEARS: usize = (LAST_YEAR - FIRST_YEAR + 1) as usize;
type YearTable = Result<Vec<(i64, Holiday)>, EngineError>;
static CACHE: [OnceLock<YearTable>; YEARS] = [const { OnceLock::new() }; YEARS];

/// JDN mod 7: 0 = Monday … 6 = Sunday.
fn is_sunday(day: i64) -> bool {
    day.rem_euclid(7) == 6
}

/// The `n`th Monday of a month.
fn nth_monday(year: i32, month: u32, n: i64) -> i64 {
    let first = jdn(year, month, 1);
    first + (7 - first.rem_euclid(7)) % 7 + 7 * (n - 1)
}

/// Every day off of a year, sorted by date.
fn build(year: i32) -> YearTable {
    let enacted = jdn(1948, 7, 20);
    let terms = super::sekki::term_days(year)?;
    let y = year;
    let mut base: Vec<(i64, Holiday)> = vec![];
    let mut on = |day: i64, h: Holiday| {
        if day >= enacted {
            base.push((day, h));
        }
    };
    on(jdn(y, 1, 1), GANJITSU);
    match y {
        ..=1999 => on(jdn(y, 1, 15), SEIJIN),
        _ => on(nth_monday(y, 1, 2), SEIJIN),
    }
    if y >= 1967 {
        on(jdn(y, 2, 11), KENKOKU);
    }
    match y {
        ..=1988 => on(jdn(y, 4, 29), TENNO),
        1989..=2018 => on(jdn(y, 12, 23), TENNO),
        2019 => {}
        _ => on(jdn(y, 2, 23), TENNO),
    }
    on(terms[5], SHUNBUN);
    match y {
        ..=1988 => {}
        1989..=2006 => on(jdn(y, 4, 29), MIDORI),
        _ => {
            on(jdn(y, 4, 29), SHOWA);
            on(jdn(y, 5, 4), MIDORI);
        }
    }
    on(jdn(y, 5, 3), KENPO);
    on(jdn(y, 5, 5), KODOMO);
    match y {
        ..=1995 => {}
        1996..=2002 => on(jdn(y, 7, 20), UMI),
        2020 => on(jdn(y, 7, 23), UMI),
        2021 => on(jdn(y, 7, 22), UMI),
        _ => on(nth_monday(y, 7, 3), UMI),
    }
    match y {
        ..=2015 => {}
        2020 => on(jdn(y, 8, 10), YAMA),
        2021 => on(jdn(y, 8, 8), YAMA),
        _ => on(jdn(y, 8, 11), YAMA),
    }
    match y {
        ..=1965 => {}
        1966..=2002 => on(jdn(y, 9, 15), KEIRO),
        _ => on(nth_monday(y, 9, 3), KEIRO),
    }
    on(terms[17], SHUBUN);
    match y {
        ..=1965 => {}
        1966..=1999 => on(jdn(y, 10, 10), TAIIKU),
        2000..=2019 => on(nth_monday(y, 10, 2), TAIIKU),
        2020 => on(jdn(y, 7, 24), SPORTS),
        2021 => on(jdn(y, 7, 23), SPORTS),
        _ => on(nth_monday(y, 10, 2), SPORTS),
    }
    on(jdn(y, 11, 3), BUNKA);
    on(jdn(y, 11, 23), KINRO);
    for ((sy, sm, sd), h) in SPECIAL {
        if sy == y {
            on(jdn(sy, sm, sd), h);
        }
    }
    base.sort_by_key(|&(d, _)| d);
    let is_shukujitsu = |d: i64| base.iter().any(|&(b, _)| b == d);

    let mut extra: Vec<(i64, Holiday)> = vec![];
    let substitute_from = jdn(1973, 4, 12);
    let new_rules_from = jdn(2007, 1, 1);
    for &(d, _) in &base {
        if !is_sunday(d) || d < substitute_from {
            continue;
        }
        let next = d + 1;
        if d < new_rules_from {
            if !is_shukujitsu(next) {
                extra.push((next, FURIKAE));
            }
        } else {
            let mut day = next;
            while is_shukujitsu(day) {
                day += 1;
            }
            if !extra.iter().any(|&(e, _)| e == day) {
                extra.push((day, FURIKAE));
            }
        }
    }
    let citizens_from = jdn(1985, 12, 27);
    for &(d, _) in &base {
        let day = d + 1;
        let sandwiched = is_shukujitsu(d + 2) && !is_shukujitsu(day);
        let excluded = day < new_rules_from && is_sunday(day);
        if day >= citizens_from && sandwiched && !excluded && !extra.iter().any(|&(e, _)| e == day) {
            extra.push((day, KOKUMIN));
        }
    }
    base.extend(extra);
    base.sort_by_key(|&(d, _)| d);
    // Only days of this year: a 12/23 on a Sunday moves within December, so nothing crosses over.
    base.retain(|&(d, _)| year_of_jdn(d) == y);
    Ok(base)
}

fn year(y: i32) -> Result<&'static [(i64, Holiday)], EngineError> {
    if !(FIRST_YEAR..=LAST_YEAR).contains(&y) {
        return Ok(&[]);
    }
    CACHE[(y - FIRST_YEAR) as usize].get_or_init(|| build(y)).as_ref().map(Vec::as_slice).map_err(Clone::clone)
}

/// The days off falling on a JDN (empty before 1948-07-20).
pub(super) fn holidays_of_jdn(day: i64) -> Result<Vec<Holiday>, EngineError> {
    Ok(year(year_of_jdn(day))?.iter().filter(|&&(d, _)| d == day).map(|&(_, h)| h).collect())
}

/// The 祝日, 振替休日 and 国民の休日 of a JST date (1900-01-01 ..= 2100-12-31); usually zero or one.
pub fn holidays_on(date: chrono::NaiveDate) -> Result<Vec<Holiday>, EngineError> {
    holidays_of_jdn(super::checked_jdn(date)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(y: i32, m: u32, d: u32) -> Vec<&'static str> {
        holidays_of_jdn(jdn(y, m, d)).expect("in range").iter().map(|h| h.name).collect()
    }

    #[test]
    fn the_law_starts_on_20_july_1948() {
        assert!(names(1948, 5, 5).is_empty());
        assert_eq!(names(1948, 11, 3), ["文化の日"]);
        assert_eq!(names(1949, 1, 1), ["元日"]);
    }

    #[test]
    fn the_first_substitute_holiday_is_30_april_1973() {
        assert_eq!(names(1973, 4, 30), ["振替休日"]);
        // 1973-02-11 was a Sunday, before the amendment.
        assert!(names(1973, 2, 12).is_empty());
    }

    #[test]
    fn a_sunday_holiday_in_golden_week_moves_to_6_may_from_2007() {
        assert_eq!(names(2020, 5, 6), ["振替休日"]);
        assert_eq!(names(2026, 9, 22), ["国民の休日"]);
    }

    #[test]
    fn the_2019_accession_days_are_holidays() {
        assert_eq!(names(2019, 4, 30), ["国民の休日"]);
        assert_eq!(names(2019, 5, 1), ["即位の日"]);
        assert_eq!(names(2019, 5, 2), ["国民の休日"]);
        assert_eq!(names(2019, 10, 22), ["即位礼正殿の儀"]);
        assert!(names(2019, 12, 23).is_empty());
    }
}
