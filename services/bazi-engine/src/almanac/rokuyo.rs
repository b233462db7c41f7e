//! 六曜: (旧暦 month + day) mod 6. A leap month uses its number, so 旧閏4月1日 is 先負 like 旧4月1日.

use super::{AlmanacItem, ItemKind, LunarDate};
use serde::{Serialize, Serializer};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rokuyo {
    Taian,
    Shakko,
    Sensho,
    Tomobiki,
    Senbu,
    Butsumetsu,
}

const SOURCE: &str =
    "六曜: 旧暦の（月＋日）を6で割った余り 0 大安・1 赤口・2 先勝・3 友引・4 先負・5 仏滅（閏月はその月の数で数える）";

impl Rokuyo {
    const ORDER: [Rokuyo; 6] =
        [Rokuyo::Taian, Rokuyo::Shakko, Rokuyo::Sensho, Rokuyo::Tomobiki, Rokuyo::Senbu, Rokuyo::Butsumetsu];

    pub fn of(lunar: &LunarDate) -> Rokuyo {
        Rokuyo::ORDER[(lunar.month as usize + lunar.day as usize) % 6]
    }

    /// 大安 赤口 先勝 友引 先負 仏滅
    pub fn name(self) -> &'static str {
        ["大安", "赤口", "先勝", "友引", "先負", "仏滅"][self as usize]
    }

    /// Stable ASCII id: taian, shakko, sensho, tomobiki, senbu, butsumetsu.
    pub fn id(self) -> &'static str {
        ["taian", "shakko", "sensho", "tomobiki", "senbu", "butsumetsu"][self as usize]
    }

    pub fn description(self) -> &'static str {
        [
            "一日を通して万事に吉とされ、婚礼や開店、引っ越しなどによく選ばれる日。",
            "正午前後（11時〜13時ごろ）だけが吉で、ほかの時間は凶とされる日。火の元や刃物に気をつける日ともいわれる。",
            "「先んずれば勝つ」の日。午前が吉、午後は凶とされ、急ぎの用事は早めに済ませるとよいとされる。",
            "朝夕は吉、正午ごろは凶とされる日。「友を引く」として葬儀は避けられることが多い。",
            "「先んずれば負け」の日。急がず控えめに過ごすのがよく、午前は凶、午後は吉とされる。",
            "六曜でいちばんの凶日とされ、祝い事は避けられがちな日。物事の区切りや仕切り直しにはよいとする見方もある。",
        ][self as usize]
    }

    pub fn item(self) -> AlmanacItem {
        AlmanacItem {
            id: self.id(),
            name: self.name(),
            kind: ItemKind::Rokuyo,
            description: self.description(),
            source: SOURCE,
        }
    }
}

impl Serialize for Rokuyo {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(month: u8, leap: bool, day: u8) -> Rokuyo {
        Rokuyo::of(&LunarDate { year: 2020, month, leap, day })
    }

    #[test]
    fn the_first_days_of_the_months_follow_the_fixed_cycle() {
        // 1月1日 先勝, 2月1日 友引, 3月1日 先負, 4月1日 仏滅, 5月1日 大安, 6月1日 赤口.
        let firsts: Vec<&str> = (1..=6).map(|m| of(m, false, 1).name()).collect();
        assert_eq!(firsts, ["先勝", "友引", "先負", "仏滅", "大安", "赤口"]);
        assert_eq!(of(4, true, 23), of(4, false, 23));
        assert_eq!(of(4, true, 23).name(), "友引");
    }
}
