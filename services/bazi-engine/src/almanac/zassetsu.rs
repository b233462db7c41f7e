//! 雑節: seasonal days of the Japanese almanac, all on JST days.
//!
//! - 節分: the day before 立春.
//! - 彼岸: 7 days centred on 春分 / 秋分 (彼岸入り = −3 days, 中日 = the equinox day, 彼岸明け = +3).
//! - 社日: the 戊 day nearest 春分 / 秋分 (when the equinox falls on a 癸 day, both 戊 days are five
//!   days away; this follows the convention that takes the earlier one).
//! - 土用: from the day the Sun reaches 297°, 27°, 117° or 207° (土用入り) to the day before 立春,
//!   立夏, 立秋 or 立冬 (土用明け, the last day of 土用); 土用の丑の日 are the 丑 days inside.
//! - 八十八夜 / 二百十日 / 二百二十日: the 88th / 210th / 220th day counting 立春 as day 1.
//! - 入梅: the Sun at 80°; 半夏生: the Sun at 100°.

use super::{AlmanacItem, ItemKind, jst_jdn, year_of_jdn};
use crate::astro::{self, FIRST_YEAR, LAST_YEAR, jd_of_date};
use crate::error::EngineError;
use crate::ganzhi::GanZhi;
use std::sync::OnceLock;

/// Solar longitudes (degrees) of the 雑節 that are not solar terms, with a guess of the day of year.
const EXTRA: [(f64, f64); 6] =
    [(297.0, 16.5), (27.0, 106.5), (80.0, 161.5), (100.0, 181.5), (117.0, 198.5), (207.0, 292.5)];
const WINTER_DOYO: usize = 0;
const NYUBAI: usize = 2;
const HANGESHO: usize = 3;

const YEARS: usize = (LAST_YEAR - FIRST_YEAR + 1) as usize;
static CACHE: [OnceLock<[i64; 6]>; YEARS] = [const { OnceLock::new() }; YEARS];

fn extra_days(year: i32) -> Result<&'static [i64; 6], EngineError> {
    if !(FIRST_YEAR..=LAST_YEAR).contains(&year) {
        return Err(EngineError::DateOutOfRange);
    }
    Ok(CACHE[(year - FIRST_YEAR) as usize].get_or_init(|| {
        let jan1 = jd_of_date(year, 1, 1);
        EXTRA.map(|(lon, doy)| jst_jdn(astro::solve_longitude(lon.to_radians(), jan1 + doy)))
    }))
}

const fn z(id: &'static str, name: &'static str, description: &'static str, source: &'static str) -> AlmanacItem {
    AlmanacItem { id, name, kind: ItemKind::Zassetsu, description, source }
}

const SETSUBUN: AlmanacItem = z(
    "setsubun",
    "節分",
    "立春の前日で、季節の分かれ目。豆まきをして邪気を払い、新しい春を迎える準備をする日。",
    "節分: 立春の日の前日",
);

const HIGAN_SOURCE: &str = "彼岸: 春分・秋分の日を中日とする7日間（中日の3日前が彼岸入り、3日後が彼岸明け）";
const HIGAN: [[AlmanacItem; 3]; 2] = [
    [
        z("higan_iri", "春彼岸入り", "春のお彼岸の始まり。お墓参りや先祖供養をする7日間に入る。", HIGAN_SOURCE),
        z(
            "higan_chunichi",
            "春彼岸の中日",
            "春のお彼岸の真ん中の日（春分の日）。先祖に感謝し、自然をたたえる日。",
            HIGAN_SOURCE,
        ),
        z("higan_ake", "春彼岸明け", "春のお彼岸の最終日。", HIGAN_SOURCE),
    ],
    [
        z("higan_iri", "秋彼岸入り", "秋のお彼岸の始まり。お墓参りや先祖供養をする7日間に入る。", HIGAN_SOURCE),
        z("higan_chunichi", "秋彼岸の中日", "秋のお彼岸の真ん中の日（秋分の日）。先祖をしのぶ日。", HIGAN_SOURCE),
        z("higan_ake", "秋彼岸明け", "秋のお彼岸の最終日。", HIGAN_SOURCE),
    ],
];

const SHANICHI_SOURCE: &str =
    "社日: 春分・秋分の日に最も近い戊（つちのえ）の日。前後の戊の日が同じ近さのときは前の戊の日とする流儀による";
const SHANICHI: [AlmanacItem; 2] = [
    z("shanichi", "春社日", "土地の守り神（産土神）に参り、その年の豊作を祈る日。", SHANICHI_SOURCE),
    z("shanichi", "秋社日", "土地の守り神（産土神）に参り、実りに感謝する日。", SHANICHI_SOURCE),
];

const DOYO_SOURCE: &str = "土用: 太陽の視黄経が297°・27°・117°・207°になる日から立春・立夏・立秋・立冬の前日まで（土用明けはその最終日）。丑の日は日の十二支による";
/// Seasons in calendar order: 冬 (January), 春, 夏, 秋.
const DOYO_IRI: [AlmanacItem; 4] = [
    z(
        "doyo_iri",
        "冬土用入り",
        "冬の土用の始まり。季節の変わり目で体調を崩しやすく、土を動かす作業（土いじり・造作）は控えるとされる期間に入る。",
        DOYO_SOURCE,
    ),
    z(
        "doyo_iri",
        "春土用入り",
        "春の土用の始まり。季節の変わり目で体調を崩しやすく、土を動かす作業（土いじり・造作）は控えるとされる期間に入る。",
        DOYO_SOURCE,
    ),
    z(
        "doyo_iri",
        "夏土用入り",
        "夏の土用の始まり。暑さで体が弱りやすく、土を動かす作業（土いじり・造作）は控えるとされる期間に入る。",
        DOYO_SOURCE,
    ),
    z(
        "doyo_iri",
        "秋土用入り",
        "秋の土用の始まり。季節の変わり目で体調を崩しやすく、土を動かす作業（土いじり・造作）は控えるとされる期間に入る。",
        DOYO_SOURCE,
    ),
];
const DOYO_AKE: [AlmanacItem; 4] = [
    z("doyo_ake", "冬土用明け", "冬の土用の最終日。翌日の立春から春になる。", DOYO_SOURCE),
    z("doyo_ake", "春土用明け", "春の土用の最終日。翌日の立夏から夏になる。", DOYO_SOURCE),
    z("doyo_ake", "夏土用明け", "夏の土用の最終日。翌日の立秋から秋になる。", DOYO_SOURCE),
    z("doyo_ake", "秋土用明け", "秋の土用の最終日。翌日の立冬から冬になる。", DOYO_SOURCE),
];
const DOYO_USHI: [AlmanacItem; 2] = [
    z(
        "doyo_ushi",
        "土用の丑の日",
        "土用の期間中の丑の日。「う」のつく物（うなぎ・梅干し・うどんなど）を食べて精をつけるとよいとされる。",
        DOYO_SOURCE,
    ),
    z(
        "doyo_ushi",
        "土用の丑の日（二の丑）",
        "土用の期間中の2回目の丑の日。「う」のつく物を食べて精をつけるとよいとされる。",
        DOYO_SOURCE,
    ),
];

const HACHIJUHACHIYA: AlmanacItem = z(
    "hachijuhachiya",
    "八十八夜",
    "立春から88日目。霜の心配が減り、種まきや茶摘みの目安とされる日。",
    "八十八夜: 立春の日を1日目として88日目",
);
const NYUBAI_ITEM: AlmanacItem = z(
    "nyubai",
    "入梅",
    "暦の上での梅雨入り。田植えの時期の目安とされる日（実際の梅雨入りとは別）。",
    "入梅: 太陽の視黄経が80°になる日",
);
const HANGESHO_ITEM: AlmanacItem = z(
    "hangesho",
    "半夏生",
    "田植えを終える目安とされる日。天から毒気が降るとして、井戸にふたをしたり野菜の収穫を控えたりする言い伝えがある。",
    "半夏生: 太陽の視黄経が100°になる日",
);
const NIHYAKUTOKA: AlmanacItem = z(
    "nihyakutoka",
    "二百十日",
    "立春から210日目。稲の実りの時期に台風が来やすいとされ、農家の厄日として警戒された日。",
    "二百十日: 立春の日を1日目として210日目",
);
const NIHYAKUHATSUKA: AlmanacItem = z(
    "nihyakuhatsuka",
    "二百二十日",
    "立春から220日目。二百十日と並んで台風に気をつける厄日とされた日。",
    "二百二十日: 立春の日を1日目として220日目",
);

/// The 戊 day nearest an equinox day (ties go to the earlier one).
fn shanichi(equinox: i64) -> i64 {
    let d = (4 - GanZhi::of_day(equinox).stem().index() as i64).rem_euclid(10);
    if d <= 4 { equinox + d } else { equinox - (10 - d) }
}

/// The 雑節 falling on a JST day, in calendar order of their kind.
pub(super) fn items_of_jdn(jdn: i64) -> Result<Vec<AlmanacItem>, EngineError> {
    let year = year_of_jdn(jdn);
    let terms = super::sekki::term_days(year)?;
    let extra = extra_days(year)?;
    let lichun = terms[2];
    let mut out = vec![];

    if jdn == lichun - 1 {
        out.push(SETSUBUN);
    }
    for (season, equinox) in [terms[5], terms[17]].into_iter().enumerate() {
        match jdn - equinox {
            -3 => out.push(HIGAN[season][0]),
            0 => out.push(HIGAN[season][1]),
            3 => out.push(HIGAN[season][2]),
            _ => {}
        }
        if jdn == shanichi(equinox) {
            out.push(SHANICHI[season]);
        }
    }
    // 土用: (入り, the 立 that ends it) for 冬, 春, 夏, 秋.
    let doyo = [(extra[WINTER_DOYO], terms[2]), (extra[1], terms[8]), (extra[4], terms[14]), (extra[5], terms[20])];
    for (season, (start, next)) in doyo.into_iter().enumerate() {
        if !(start..next).contains(&jdn) {
            continue;
        }
        if jdn == start {
            out.push(DOYO_IRI[season]);
        }
        if jdn == next - 1 {
            out.push(DOYO_AKE[season]);
        }
        if GanZhi::of_day(jdn).branch().index() == 1 {
            let first_ox = (start..next).find(|&d| GanZhi::of_day(d).branch().index() == 1).unwrap_or(jdn);
            out.push(DOYO_USHI[usize::from(jdn != first_ox)]);
        }
    }
    match jdn - lichun {
        87 => out.push(HACHIJUHACHIYA),
        209 => out.push(NIHYAKUTOKA),
        219 => out.push(NIHYAKUHATSUKA),
        _ => {}
    }
    if jdn == extra[NYUBAI] {
        out.push(NYUBAI_ITEM);
    }
    if jdn == extra[HANGESHO] {
        out.push(HANGESHO_ITEM);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ganzhi::jdn;

    fn names(y: i32, m: u32, d: u32) -> Vec<&'static str> {
        items_of_jdn(jdn(y, m, d)).expect("in range").iter().map(|i| i.name).collect()
    }

    #[test]
    fn shanichi_2016_is_17_march_and_23_september() {
        assert_eq!(names(2016, 3, 17), ["春彼岸入り", "春社日"]);
        assert_eq!(names(2016, 9, 23), ["秋社日"]);
    }

    #[test]
    fn setsubun_and_the_counted_days_follow_risshun() {
        // 立春 2026-02-04: 節分 02-03 (also the last day of the winter 土用), 八十八夜 05-02,
        // 二百十日 09-01, 二百二十日 09-11. 立春 2025-02-03: 八十八夜 05-01, 二百十日 08-31.
        assert_eq!(names(2026, 2, 3), ["節分", "冬土用明け"]);
        assert_eq!(names(2026, 5, 2), ["八十八夜"]);
        assert_eq!(names(2026, 9, 1), ["二百十日"]);
        assert_eq!(names(2026, 9, 11), ["二百二十日"]);
        assert_eq!(names(2025, 5, 1), ["八十八夜"]);
        assert_eq!(names(2025, 8, 31), ["二百十日"]);
    }
}
