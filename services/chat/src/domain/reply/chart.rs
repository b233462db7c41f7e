//! The user's chart in the responder's words: the four pillars (all, or the ones asked for), a
//! pillar the user states wrongly (「私の日柱は甲子ですよね？」 when it is 庚辰), the day master and
//! the balance of the five elements. Every pillar is named as the engine named it (fortune-gen's
//! stored chart); the stems, branches and elements are meguri-ganzhi's.

use meguri_ganzhi::{Element, GanZhi, Stem};

use super::super::crisis::normalize;
use super::Reply;

/// A pillar of the chart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Position {
    Year,
    Month,
    Day,
    Hour,
}

impl Position {
    pub const ALL: [Self; 4] = [Self::Year, Self::Month, Self::Day, Self::Hour];

    /// 年柱 … 時柱.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Year => "年柱",
            Self::Month => "月柱",
            Self::Day => "日柱",
            Self::Hour => "時柱",
        }
    }
}

/// The four pillars as the engine computed them; the hour is `None` when the birth time is unknown
/// (the engine then assumes 12:00, which says nothing about the person).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pillars {
    pub year: GanZhi,
    pub month: GanZhi,
    pub day: GanZhi,
    pub hour: Option<GanZhi>,
}

impl Pillars {
    #[must_use]
    pub const fn get(&self, position: Position) -> Option<GanZhi> {
        match position {
            Position::Year => Some(self.year),
            Position::Month => Some(self.month),
            Position::Day => Some(self.day),
            Position::Hour => self.hour,
        }
    }
}

/// What the responder knows of the user's chart (fortune-gen's, never computed here).
#[derive(Clone, Debug, PartialEq)]
pub struct ChartFacts {
    pub pillars: Pillars,
    /// The day master: the day pillar's stem, e.g. 甲.
    pub day_master: Stem,
    /// The strongest and the weakest of the five elements.
    pub dominant: Element,
    pub weak: Element,
    /// 身強 | 身弱 | 中和.
    pub verdict: Option<String>,
    /// The most helpful element.
    pub favorable: Option<Element>,
}

impl ChartFacts {
    /// The day master's element.
    #[must_use]
    pub const fn element(&self) -> Element {
        self.day_master.element()
    }
}

/// What an element stands for, as a sentence's end: 「…を表します。」 follows it.
pub(super) const fn nature(element: Element) -> &'static str {
    match element {
        Element::Wood => "まっすぐ伸びていく成長の力",
        Element::Fire => "まわりを明るく照らす情熱の力",
        Element::Earth => "どっしり受け止める安定の力",
        Element::Metal => "けじめをつけて磨きあげる力",
        Element::Water => "しなやかに流れる知恵の力",
    }
}

/// What a person does to take in more of an element (「…ことで」 follows it).
pub(super) const fn boost(element: Element) -> &'static str {
    match element {
        Element::Wood => "散歩をしたり植物にふれたりする",
        Element::Fire => "明るい色を身につけたり、人と笑い合ったりする",
        Element::Earth => "部屋を整えたり、温かいごはんをゆっくり食べたりする",
        Element::Metal => "持ち物を手入れしたり、予定をきちんと決めたりする",
        Element::Water => "お風呂でゆっくりしたり、本を読んだりする",
    }
}

/// What a message asks of the pillars.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PillarQuestion {
    /// Which pillars to name, in the chart's order.
    Name(Vec<Position>),
    /// The user states a pillar (「私の日柱は甲子ですよね？」): confirm it or correct it.
    Claim(Position, GanZhi),
}

/// The pillar question in `text`, if any: 四柱/八字 (or every pillar named) asks for all four; a
/// position with a sixty-pair name beside it is a claim about that pillar.
#[must_use]
pub fn pillar_question(text: &str) -> Option<PillarQuestion> {
    let normalized = normalize(text);
    let named: Vec<Position> = Position::ALL.into_iter().filter(|p| normalized.contains(p.name())).collect();
    let all = normalized.contains("四柱") || normalized.contains("八字");
    if let [position] = named.as_slice()
        && let Some(claimed) = first_pair(&normalized)
    {
        return Some(PillarQuestion::Claim(*position, claimed));
    }
    if all {
        return Some(PillarQuestion::Name(Position::ALL.to_vec()));
    }
    (!named.is_empty()).then_some(PillarQuestion::Name(named))
}

/// The first of the sixty pairs written in `text` (two characters, stem then branch).
fn first_pair(text: &str) -> Option<GanZhi> {
    let chars: Vec<char> = text.chars().collect();
    chars.windows(2).find_map(|w| GanZhi::parse(&w.iter().collect::<String>()))
}

/// 「時柱は、…出していません。」 for an unknown birth time.
fn no_hour(reply: &mut Reply) {
    reply.say("時柱は、生まれた時刻がわからないため出していません。時刻を登録すると、時柱も読み解けますよ。");
}

/// The answer to a pillar question.
pub(super) fn answer(reply: &mut Reply, chart: &ChartFacts, question: &PillarQuestion) {
    match question {
        PillarQuestion::Name(positions) => name_pillars(reply, chart, positions),
        PillarQuestion::Claim(position, claimed) => match chart.pillars.get(*position) {
            Some(actual) if actual == *claimed => {
                reply.say(format!("はい、そのとおりです。あなたの{}は「{actual}」です。", position.name()));
                explain(reply, chart, *position, actual);
            }
            Some(actual) => {
                reply.say(format!("いいえ、あなたの{}は「{claimed}」ではなく「{actual}」です。", position.name()));
                explain(reply, chart, *position, actual);
            }
            None => {
                reply.say(format!("「{claimed}」かどうかは、ボクにはお答えできません。"));
                no_hour(reply);
            }
        },
    }
}

fn name_pillars(reply: &mut Reply, chart: &ChartFacts, positions: &[Position]) {
    let known: Vec<(Position, GanZhi)> =
        positions.iter().filter_map(|p| chart.pillars.get(*p).map(|g| (*p, g))).collect();
    if positions.len() == 4 {
        let named: Vec<String> = known.iter().map(|(p, g)| format!("{}「{g}」", p.name())).collect();
        reply.say(format!("あなたの四柱は、{}です。", named.join("、")));
    } else if !known.is_empty() {
        let named: Vec<String> = known.iter().map(|(p, g)| format!("{}は「{g}」", p.name())).collect();
        reply.say(format!("あなたの{}です。", named.join("、")));
    }
    if positions.contains(&Position::Hour) && chart.pillars.hour.is_none() {
        no_hour(reply);
    }
    if let [position] = positions
        && let Some(pillar) = chart.pillars.get(*position)
    {
        explain(reply, chart, *position, pillar);
    } else if positions.contains(&Position::Day) {
        day_master(reply, chart);
    }
}

/// What one pillar tells: its stem and branch with their elements, and what the position stands for.
fn explain(reply: &mut Reply, chart: &ChartFacts, position: Position, pillar: GanZhi) {
    let (stem, branch) = (pillar.stem(), pillar.branch());
    reply.say(format!(
        "天干の「{}」は「{}」、地支の「{}」は「{}」の気をもっています。",
        stem.name(),
        stem.element().kanji(),
        branch.name(),
        branch.element().kanji()
    ));
    match position {
        Position::Year => reply.say("年柱は、生まれ育った環境や家系を表す柱です。"),
        Position::Month => reply.say("月柱は、社会での姿や仕事の傾向を表す柱です。"),
        Position::Day => day_master(reply, chart),
        Position::Hour => reply.say("時柱は、晩年や子どもとのご縁を表す柱です。"),
    }
}

/// The day master: 「日主は「甲」で、「木」の性質をもつ人です。」 and what that element stands for.
pub(super) fn day_master(reply: &mut Reply, chart: &ChartFacts) {
    let element = chart.element();
    reply.say(format!(
        "日柱の天干「{}」があなた自身を表す日主で、「{}」の性質をもつ人です。",
        chart.day_master.name(),
        element.kanji()
    ));
    reply.say(format!("「{}」は、{}を表します。", element.kanji(), nature(element)));
}

/// The day master as the opening fact of a reading.
pub(super) fn reading(reply: &mut Reply, chart: &ChartFacts, lead: &str) {
    let element = chart.element();
    reply.say(format!("{lead}日主は「{}」で、「{}」の性質をもつ人です。", chart.day_master.name(), element.kanji()));
    reply.say(format!("「{}」は、{}を表します。", element.kanji(), nature(element)));
}

/// The strongest and the weakest element, and how to take in more of the weak one.
pub(super) fn balance(reply: &mut Reply, chart: &ChartFacts) {
    if chart.dominant == chart.weak {
        reply.say("五行のバランスがよく整っているのが特徴です。");
        return;
    }
    reply.say(format!("五行では「{}」が強く、「{}」が少なめです。", chart.dominant.kanji(), chart.weak.kanji()));
    reply.say(format!(
        "{}ことで「{}」を補うと、バランスがとりやすくなりますよ。",
        boost(chart.weak),
        chart.weak.kanji()
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pillar_or_the_named_ones_are_asked_for() {
        assert_eq!(
            pillar_question("私の四柱（年柱・月柱・日柱・時柱）を全部教えて"),
            Some(PillarQuestion::Name(Position::ALL.to_vec()))
        );
        assert_eq!(pillar_question("私の日柱は？"), Some(PillarQuestion::Name(vec![Position::Day])));
        assert_eq!(
            pillar_question("年柱と時柱を知りたい"),
            Some(PillarQuestion::Name(vec![Position::Year, Position::Hour]))
        );
        assert_eq!(pillar_question("今日の運勢は?"), None);
    }

    #[test]
    fn a_pillar_with_a_pair_beside_it_is_a_claim() {
        let kou_shi = GanZhi::parse("甲子").expect("a pair");
        assert_eq!(pillar_question("私の日柱は甲子ですよね？"), Some(PillarQuestion::Claim(Position::Day, kou_shi)));
        // 甲丑 is not one of the sixty: no claim, a plain question.
        assert_eq!(pillar_question("私の日柱は甲丑？"), Some(PillarQuestion::Name(vec![Position::Day])));
    }
}
