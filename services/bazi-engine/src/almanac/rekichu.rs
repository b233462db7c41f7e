//! 暦注: the day's auspicious and inauspicious notes, each from a named rule.
//!
//! Conventions vary between almanac makers (DATA-SOURCES §2.4); the tables here reproduce the
//! published 2026 天赦日 (6 days) and 一粒万倍日 (64 days) lists and the 2023-07 大明日 list, and each
//! item's `source` says which variant is used so the UI can show it.
//!
//! Inputs: the day pillar (日干支), the 節月 (1 = 寅月 from 立春; the 節 day belongs to the new
//! month) and, for 不成就日 only, the 旧暦 month and day (月切り: the table follows the lunar month,
//! not the 節月).

use super::{AlmanacItem, ItemKind, LunarDate};
use crate::ganzhi::GanZhi;

const fn r(id: &'static str, name: &'static str, description: &'static str, source: &'static str) -> AlmanacItem {
    AlmanacItem { id, name, kind: ItemKind::Rekichu, description, source }
}

pub const TENSHA: AlmanacItem = r(
    "tensha",
    "天赦日",
    "天がすべての罪を赦すとされる、暦の上で最上の吉日。年に数回しかなく、新しいことを始めるのによいとされる。",
    "天赦日: 節月による季節と日の干支（春＝節月1〜3月 戊寅、夏＝4〜6月 甲午、秋＝7〜9月 戊申、冬＝10〜12月 甲子）",
);
pub const ICHIRYU_MANBAI: AlmanacItem = r(
    "ichiryu_manbai",
    "一粒万倍日",
    "一粒の籾が万倍にも実るように、始めたことが大きく育つとされる日。開業や財布の新調によい一方、借金など増えては困ることは避けるとされる。",
    "一粒万倍日: 節月と日の十二支による一般的な表（1月 丑・午、2月 酉・寅、3月 子・卯、4月 卯・辰、5月 巳・午、6月 酉・午、7月 子・未、8月 卯・申、9月 酉・午、10月 酉・戌、11月 亥・子、12月 卯・子。7月を子のみとする表もある）",
);
pub const DAIMYO: AlmanacItem = r(
    "daimyo",
    "大明日",
    "太陽の光が隅々まで照らし、天地の道が開けるとされる吉日。建築・移転・旅行など何事にもよいとされる。",
    "大明日: 日の干支が己巳・庚午・辛未・壬申・癸酉・丁丑・己卯・壬午・甲申・丁亥・壬辰・乙未・壬寅・甲辰・乙巳・丙午・丁未・己酉・庚戌・辛亥・丙辰・戊午・己未・庚申・辛酉の25日とする流儀（21干支・19干支とする流儀もある）",
);
pub const KINOE_NE: AlmanacItem = r(
    "kinoe_ne",
    "甲子の日",
    "六十干支の最初の日で、物事を始めるのによいとされる日。大黒天の縁日。",
    "甲子の日: 日の干支が甲子（60日ごと）",
);
pub const TSUCHINOTO_MI: AlmanacItem = r(
    "tsuchinoto_mi",
    "己巳の日",
    "60日に一度の特別な巳の日で、弁財天の縁日。金運や芸事に特に縁があるとされる。",
    "己巳の日: 日の干支が己巳（60日ごと）",
);
pub const TORA: AlmanacItem = r(
    "tora",
    "寅の日",
    "出ていったお金が戻ってくるとされ、金運や旅立ちによい日。結婚や葬儀は「繰り返す」として避けることもある。",
    "寅の日: 日の十二支が寅（12日ごと）",
);
pub const MI: AlmanacItem = r(
    "mi",
    "巳の日",
    "弁財天の使いとされる蛇にちなみ、金運や芸事の願いによいとされる日。",
    "巳の日: 日の十二支が巳（12日ごと）",
);
pub const TENICHI_TENJO: AlmanacItem = r(
    "tenichi_tenjo",
    "天一天上",
    "方位の神・天一神が天に上っているとされる期間。どの方角へ出かけても障りがないとされる。",
    "天一天上: 癸巳の日から戊申の日までの16日間",
);
pub const FUJOJU: AlmanacItem = r(
    "fujoju",
    "不成就日",
    "何事も成就しないとされる凶日。新しいことを始めたり、願い事をしたりするのは避けるとされる。",
    "不成就日: 旧暦の月と日による（月切り。閏月はその月の数。1・7月 3・11・19・27日、2・8月 2・10・18・26日、3・9月 1・9・17・25日、4・10月 4・12・20・28日、5・11月 5・13・21・29日、6・12月 6・14・22・30日）",
);
pub const SANRINBO: AlmanacItem = r(
    "sanrinbo",
    "三隣亡",
    "建築の凶日。この日に建てると向こう三軒両隣まで災いが及ぶといわれ、棟上げや建築の着工は避けられる。",
    "三隣亡: 節月と日の十二支による（1・4・7・10月 亥、2・5・8・11月 寅、3・6・9・12月 午）",
);

/// 一粒万倍日: the two day branches (子 = 0) of each 節月 (index 0 = 節月 1).
const ICHIRYU_BRANCHES: [[usize; 2]; 12] =
    [[1, 6], [9, 2], [0, 3], [3, 4], [5, 6], [9, 6], [0, 7], [3, 8], [9, 6], [9, 10], [11, 0], [3, 0]];

/// 天赦日 of each season (春 戊寅, 夏 甲午, 秋 戊申, 冬 甲子) as sexagenary indices.
const TENSHA_DAYS: [usize; 4] = [14, 30, 44, 0];

/// 大明日: the 25 day pillars as sexagenary indices (甲子 = 0).
const DAIMYO_DAYS: [usize; 25] =
    [5, 6, 7, 8, 9, 13, 15, 18, 20, 23, 28, 31, 38, 40, 41, 42, 43, 45, 46, 47, 52, 54, 55, 56, 57];

/// 三隣亡 branch by 節月 mod 3 (1・4・7・10 亥, 2・5・8・11 寅, 3・6・9・12 午).
const SANRINBO_BRANCHES: [usize; 3] = [11, 2, 6];

const TENICHI_TENJO_DAYS: std::ops::RangeInclusive<usize> = 29..=44; // 癸巳 ..= 戊申

/// Whether a 旧暦 day is 不成就日 (the table repeats every six months).
fn is_fujoju(lunar: &LunarDate) -> bool {
    const FIRST: [u8; 6] = [3, 2, 1, 4, 5, 6];
    let first = FIRST[(lunar.month as usize + 5) % 6];
    lunar.day >= first && (lunar.day - first).is_multiple_of(8)
}

/// The 暦注 of a day, most auspicious first and the inauspicious ones last.
pub(super) fn items(day: GanZhi, sekki_month: u8, lunar: &LunarDate) -> Vec<AlmanacItem> {
    let m = (sekki_month as usize).clamp(1, 12);
    let g = day.index();
    let b = day.branch().index();
    let mut out = vec![];
    if g == TENSHA_DAYS[(m - 1) / 3] {
        out.push(TENSHA);
    }
    if ICHIRYU_BRANCHES[m - 1].contains(&b) {
        out.push(ICHIRYU_MANBAI);
    }
    if DAIMYO_DAYS.contains(&g) {
        out.push(DAIMYO);
    }
    if g == 0 {
        out.push(KINOE_NE);
    }
    if g == 5 {
        out.push(TSUCHINOTO_MI);
    }
    if b == 2 {
        out.push(TORA);
    }
    if b == 5 {
        out.push(MI);
    }
    if TENICHI_TENJO_DAYS.contains(&g) {
        out.push(TENICHI_TENJO);
    }
    if is_fujoju(lunar) {
        out.push(FUJOJU);
    }
    if b == SANRINBO_BRANCHES[(m - 1) % 3] {
        out.push(SANRINBO);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_index_tables_name_the_intended_pillars() {
        let names: Vec<String> = DAIMYO_DAYS.iter().map(|&i| GanZhi::new(i as i64).name()).collect();
        for n in "己巳 庚午 辛未 壬申 癸酉 丁丑 己卯 壬午 甲申 丁亥 壬辰 乙未 壬寅 甲辰 乙巳 丙午 丁未 己酉 庚戌 辛亥 丙辰 戊午 己未 庚申 辛酉".split(' ') {
            assert!(names.contains(&n.to_string()), "{n}");
        }
        let tensha: Vec<String> = TENSHA_DAYS.iter().map(|&i| GanZhi::new(i as i64).name()).collect();
        assert_eq!(tensha, ["戊寅", "甲午", "戊申", "甲子"]);
        assert_eq!(GanZhi::new(29).name(), "癸巳");
        assert_eq!(GanZhi::new(44).name(), "戊申");
        assert_eq!(GanZhi::new(5).name(), "己巳");
    }

    #[test]
    fn fujoju_follows_the_lunar_month_table() {
        let days = |month: u8| -> Vec<u8> {
            (1..=30).filter(|&day| is_fujoju(&LunarDate { year: 2026, month, leap: false, day })).collect()
        };
        assert_eq!(days(1), [3, 11, 19, 27]);
        assert_eq!(days(8), [2, 10, 18, 26]);
        assert_eq!(days(9), [1, 9, 17, 25]);
        assert_eq!(days(10), [4, 12, 20, 28]);
        assert_eq!(days(11), [5, 13, 21, 29]);
        assert_eq!(days(12), [6, 14, 22, 30]);
    }
}
