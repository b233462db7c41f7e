//! The facts a reading is built from (mapped by fortune-gen from bazi-engine's answers).

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

/// The five elements, in the order 木火土金水 (serialised as `wood` … `water`): the shared table.
pub use meguri_ganzhi::Element;

/// The natal chart, as far as a reading needs it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Natal {
    /// (stem, branch) of the year, month, day and hour pillars, e.g. `("庚", "午")`.
    pub pillars: [(String, String); 4],
    /// The day stem (日主), e.g. `甲`.
    pub day_master: String,
    pub day_master_element: Element,
    /// Element amounts in the order wood, fire, earth, metal, water.
    pub elements: [f64; 5],
    pub dominant: Element,
    /// 身強 | 身弱 | 中和
    pub verdict: String,
    /// Most helpful first.
    pub favorable: Vec<Element>,
    pub unfavorable: Vec<Element>,
    /// False when the birth time was unknown (the hour pillar is then a 12:00 guess).
    pub time_known: bool,
    /// What the assumed 12:00 decides when the time is unknown: bazi-engine's `hour_dependent`
    /// names (`hour`, `elements`, `dominant`, `strength`, `favorableElements`, `luck`, and `month`
    /// / `year` when a 節 falls on the birth date). Empty when the time is known.
    #[serde(default)]
    pub hour_dependent: Vec<String>,
}

impl Natal {
    /// Whether the chart's result `name` (one of the `hour_dependent` names) rests on the
    /// assumed 12:00.
    #[must_use]
    pub fn depends_on_hour(&self, name: &str) -> bool {
        !self.time_known && self.hour_dependent.iter().any(|n| n == name)
    }

    /// Whether the natal pillar at `position` (`year` | `month` | `day` | `hour`) rests on the
    /// assumed 12:00: the hour pillar always when the time is unknown, the month and year pillars
    /// when the engine says so.
    #[must_use]
    pub fn pillar_depends_on_hour(&self, position: &str) -> bool {
        !self.time_known && (position == "hour" || self.depends_on_hour(position))
    }

    /// Whether the favourable and unfavourable elements (and so the support of a period pillar)
    /// rest on the assumed 12:00.
    #[must_use]
    pub fn balance_depends_on_hour(&self) -> bool {
        self.depends_on_hour("favorableElements") || self.depends_on_hour("strength")
    }
}

/// A 合・冲・刑・害 between a period pillar and a natal stem or branch.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Relation {
    /// stem_combine | stem_clash | six_harmony | three_harmony | half_harmony | clash | punishment |
    /// self_punishment | harm
    pub kind: String,
    /// 干合 | 天干の冲 | 六合 | 三合 | 半会 | 冲 | 刑 | 自刑 | 害
    pub name: String,
    /// year | month | day | hour
    pub natal_position: String,
    /// The natal stem or branch met.
    pub natal: String,
    pub favorable: bool,
}

/// How one period pillar (a day, month, year or luck pillar) meets the natal chart.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Transit {
    /// (stem, branch)
    pub pillar: (String, String),
    /// 比肩 劫財 食神 傷官 偏財 正財 偏官 正官 偏印 印綬
    pub stem_ten_god: String,
    pub branch_ten_god: String,
    /// 十二運 (長生 … 養)
    pub life_stage: String,
    pub stem_element: Element,
    pub branch_element: Element,
    pub relations: Vec<Relation>,
    pub kong_wang: bool,
    /// 納音
    pub nayin: String,
    /// −1..1: favourable (+) or unfavourable (−) elements for this chart.
    pub support: f64,
}

/// An almanac item of the day (from bazi-engine's GetAlmanac).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AlmanacFact {
    /// e.g. ichiryu_manbai, tensha, taian, tora, holiday, sekki
    pub id: String,
    /// e.g. 一粒万倍日
    pub name: String,
    /// rokuyo | rekichu | holiday | sekki | zassetsu
    pub kind: String,
}

/// One local day.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DayFacts {
    pub date: NaiveDate,
    /// The day pillar against the natal chart.
    pub day: Transit,
    /// The month pillar (節月) against the natal chart.
    pub month: Transit,
    /// 六曜 of the day (大安, 仏滅, …).
    pub rokuyo: String,
    pub almanac: Vec<AlmanacFact>,
}

/// One calendar year.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct YearFacts {
    pub year: i32,
    /// The year pillar (from 立春) against the natal chart.
    pub year_transit: Transit,
    /// The twelve 節月 of the year with the date each begins (寅月 first).
    pub months: Vec<(NaiveDate, Transit)>,
    /// The luck pillar in force during the year, when the chart has luck pillars.
    pub luck: Option<Transit>,
}

/// One luck pillar (大運) period.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LuckPeriod {
    pub start_date: NaiveDate,
    /// Age in years (fractional) at the start.
    pub start_age: f64,
    pub transit: Transit,
}

/// A life.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LifeFacts {
    pub birth_date: NaiveDate,
    pub today: NaiveDate,
    /// Empty when the gender (and so the direction of the luck pillars) is unknown.
    pub luck: Vec<LuckPeriod>,
    /// The year pillars of the next ten years (this year first) against the natal chart.
    pub coming_years: Vec<(i32, Transit)>,
}
