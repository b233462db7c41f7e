//! 二十四節気 on JST days, the 節月 and the year and month pillars of a day.
//!
//! A term falls on the JST date of its instant. The 節月 changes at each 節 (立春, 啓蟄, … 小寒)
//! and the day on which a 節 falls belongs wholly to the new 節月: the month is the one in force at
//! the end of the JST day. The year pillar changes the same way on 立春 day. (The four pillars of
//! a birth instant change at the exact instant instead; that is `pillars`, not this.)

use super::{AlmanacItem, ItemKind, jst_jdn, year_of_jdn};
use crate::astro::{self, FIRST_YEAR, LAST_YEAR};
use crate::error::EngineError;
use crate::ganzhi::{Branch, GanZhi, Stem};
use std::sync::OnceLock;

const YEARS: usize = (LAST_YEAR - FIRST_YEAR + 1) as usize;
static CACHE: [OnceLock<Option<[i64; 24]>>; YEARS] = [const { OnceLock::new() }; YEARS];

/// JST days (JDN) of the 24 terms of a Gregorian year, 0 = 小寒 … 23 = 冬至.
pub(super) fn term_days(year: i32) -> Result<&'static [i64; 24], EngineError> {
    if !(FIRST_YEAR..=LAST_YEAR).contains(&year) {
        return Err(EngineError::DateOutOfRange);
    }
    CACHE[(year - FIRST_YEAR) as usize]
        .get_or_init(|| {
            let terms = astro::terms_of_year(year)?;
            let mut out = [0i64; 24];
            for (o, t) in out.iter_mut().zip(terms) {
                *o = jst_jdn(t.jd_tt);
            }
            Some(out)
        })
        .as_ref()
        .ok_or(EngineError::DateOutOfRange)
}

/// Index (0 = 小寒 … 23 = 冬至) of the term falling on a JST day, if any.
pub(super) fn term_on_jdn(jdn: i64) -> Result<Option<usize>, EngineError> {
    Ok(term_days(year_of_jdn(jdn))?.iter().position(|&d| d == jdn))
}

/// The 節月 of a day with its month and year pillars.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct SekkiMonth {
    /// 1 = 寅月 … 12 = 丑月
    pub number: u8,
    pub pillar: GanZhi,
    pub year_pillar: GanZhi,
}

pub(super) fn month_of_jdn(jdn: i64) -> Result<SekkiMonth, EngineError> {
    let year = year_of_jdn(jdn);
    let days = term_days(year)?;
    // The last 節 (even index) on or before the day; before 小寒 it is 大雪 of the previous year.
    let number = match (0..24).step_by(2).rev().find(|&i| days[i] <= jdn) {
        Some(0) => 12,
        Some(i) => (i / 2) as u8,
        None => 11,
    };
    let bazi_year = if jdn >= days[2] { year } else { year - 1 };
    let year_pillar = GanZhi::of_year(bazi_year);
    // 五虎遁: 甲・己 years open with 丙寅, and the stem advances one per month.
    let stem = Stem::new(year_pillar.stem().index() as u32 * 2 + 2 + (number as u32 - 1));
    let branch = Branch::new(number as u32 + 1);
    let pillar = GanZhi::from_parts(stem, branch).ok_or(EngineError::DateOutOfRange)?;
    Ok(SekkiMonth { number, pillar, year_pillar })
}

const SOURCE: &str =
    "二十四節気: 太陽の視黄経が15°の倍数になる瞬間を日本時間（UTC+9）の日付に当てたもの（本エンジンの天文計算）";

const DESCRIPTIONS: [&str; 24] = [
    "寒の入り。ここから節分までが「寒の内」で、寒さが本格的になるころ。四柱推命ではこの日から丑月。",
    "一年でいちばん寒さが厳しいとされるころ。寒稽古や寒仕込みの季節。",
    "暦の上で春が始まる日。四柱推命ではこの日から新しい年、寅月に入る。",
    "雪が雨に変わり、積もった雪や氷がとけ始めるころ。",
    "冬ごもりしていた虫が地上に出てくるころ。四柱推命ではこの日から卯月。",
    "昼と夜の長さがほぼ等しくなる日。春の彼岸の中日。",
    "万物が清らかで生き生きとするころ。四柱推命ではこの日から辰月。",
    "春の雨が田畑を潤し、穀物の芽を育てるころ。",
    "暦の上で夏が始まる日。四柱推命ではこの日から巳月。",
    "草木が育ち、天地に生気が満ち始めるころ。",
    "稲など穂の出る穀物の種をまくころ。梅雨入りも近い。四柱推命ではこの日から午月。",
    "一年でいちばん昼が長い日。",
    "梅雨が明けて暑さが本格的になり始めるころ。四柱推命ではこの日から未月。",
    "一年でいちばん暑さが厳しいとされるころ。",
    "暦の上で秋が始まる日。この日から残暑見舞いになる。四柱推命ではこの日から申月。",
    "暑さがおさまり始めるころ。",
    "朝夕の冷え込みで草花に露が宿り始めるころ。四柱推命ではこの日から酉月。",
    "昼と夜の長さがほぼ等しくなる日。秋の彼岸の中日。",
    "露が冷たく感じられ、秋が深まるころ。四柱推命ではこの日から戌月。",
    "朝晩の冷え込みで霜が降り始めるころ。",
    "暦の上で冬が始まる日。四柱推命ではこの日から亥月。",
    "寒さが進み、山などで初雪が見られ始めるころ。",
    "平地でも雪が降り始め、冬らしさが増すころ。四柱推命ではこの日から子月。",
    "一年でいちばん昼が短い日。この日を境に日が長くなっていく。",
];

/// The item for the term with this index (0 = 小寒 … 23 = 冬至).
pub(super) fn item(index: usize) -> AlmanacItem {
    AlmanacItem {
        id: "sekki",
        name: astro::TERM_NAMES[index % 24],
        kind: ItemKind::Sekki,
        description: DESCRIPTIONS[index % 24],
        source: SOURCE,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ganzhi::jdn;

    #[test]
    fn the_day_of_a_jie_already_belongs_to_the_new_month() {
        // 立春 2026 is on 4 February (JST).
        let before = month_of_jdn(jdn(2026, 2, 3)).expect("in range");
        let on = month_of_jdn(jdn(2026, 2, 4)).expect("in range");
        assert_eq!(
            (before.number, before.pillar.name(), before.year_pillar.name()),
            (12, "己丑".into(), "乙巳".into())
        );
        assert_eq!((on.number, on.pillar.name(), on.year_pillar.name()), (1, "庚寅".into(), "丙午".into()));
        assert_eq!(term_on_jdn(jdn(2026, 2, 4)), Ok(Some(2)));
        assert_eq!(term_on_jdn(jdn(2026, 2, 5)), Ok(None));
    }

    #[test]
    fn early_january_is_still_the_rat_month_of_the_previous_year() {
        let m = month_of_jdn(jdn(2026, 1, 1)).expect("in range");
        assert_eq!((m.number, m.pillar.name(), m.year_pillar.name()), (11, "戊子".into(), "乙巳".into()));
    }

    #[test]
    fn november_2026_is_the_pig_month() {
        let m = month_of_jdn(jdn(2026, 11, 21)).expect("in range");
        assert_eq!((m.number, m.pillar.name()), (10, "己亥".into()));
    }
}
