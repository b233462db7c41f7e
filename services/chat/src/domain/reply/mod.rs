//! The built-in responder's words: the mascot 「メグ」 (first person 「ボク」, friendly です/ます
//! with a little warmth, always Japanese) answering from the facts it is given — the user's chart
//! (from fortune-gen), the day and the almanac terms (fortune-gen's day info and badge catalogue)
//! and the memory — never from a computation of its own. The seed (from the message id) picks
//! among phrasings, so replies vary. Pure.
//!
//! A reply is a list of whole sentences ([`Reply`]): each piece the responder writes ends its
//! sentence (。！？), and a text from the facts (a day item's description, the engine's summary)
//! gets its 。 when it has none, so no two sentences run together.
//!
//! - [`chart`]: the pillars (all, the ones asked, a wrong premise corrected), the day master, the
//!   balance of the elements;
//! - [`day`]: the day and what an almanac term means;
//! - [`compatibility`]: the words under a compatibility card.

pub mod chart;
pub mod compatibility;
pub mod day;

use chrono::{Datelike as _, NaiveDate};

pub use chart::{ChartFacts, Pillars, Position};
pub use compatibility::compatibility_text;
pub use day::{DayFacts, DayItem};

use super::intent::{Intent, Sensitive, detect, sensitive};
use super::memory::Memory;

/// A reply as whole sentences, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reply {
    pieces: Vec<String>,
}

/// The marks that end a Japanese sentence.
const ENDS: [char; 5] = ['。', '！', '？', '!', '?'];

impl Reply {
    /// Adds the responder's own words: one or more whole sentences, each ending in 。！？ (the
    /// tests check every piece of every reply).
    pub fn say(&mut self, sentences: impl Into<String>) {
        let sentences = sentences.into();
        if !sentences.is_empty() {
            self.pieces.push(sentences);
        }
    }

    /// Adds a text from the facts (a description, a summary), trimmed, with a 。 when it does not
    /// end its last sentence.
    pub fn quote(&mut self, text: &str) {
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return;
        }
        if trimmed.ends_with(ENDS) {
            self.pieces.push(trimmed.to_owned());
        } else {
            self.pieces.push(format!("{trimmed}。"));
        }
    }

    /// The pieces as written.
    #[must_use]
    pub fn pieces(&self) -> &[String] {
        &self.pieces
    }

    /// The reply's text.
    #[must_use]
    pub fn text(&self) -> String {
        self.pieces.concat()
    }
}

/// Everything a built-in reply is written from.
#[derive(Clone, Debug)]
pub struct ReplyInput<'a> {
    pub message: &'a str,
    /// `None`: no chart yet (no birth date, or still being built).
    pub chart: Option<&'a ChartFacts>,
    pub day: Option<&'a DayFacts>,
    /// The almanac terms the responder can explain (fortune-gen's badge catalogue).
    pub terms: &'a [DayItem],
    pub memory: &'a Memory,
    pub seed: u64,
}

/// Picks one of `options` by the seed and a slot number (each slot varies on its own).
fn pick<'a>(options: &[&'a str], seed: u64, slot: u32) -> &'a str {
    let mixed = seed.rotate_left(slot.wrapping_mul(13)) ^ u64::from(slot).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let index = usize::try_from(mixed % options.len() as u64).unwrap_or(0);
    options[index]
}

fn no_chart(reply: &mut Reply) {
    reply.say("まだあなたの命式が手元にないので、くわしい読み解きはできません。");
    reply.say("プロフィールに生年月日を登録してもらえると、もっとあなたに合わせてお話しできます。");
}

fn caution(topic: Sensitive) -> String {
    format!(
        "ただ、ボクは占いのマスコットなので、{}のことをはっきり言い切ることはできません。気になることは{}に相談してくださいね。",
        topic.field(),
        topic.professional()
    )
}

fn opener(intent: Intent, memory: &Memory, seed: u64) -> String {
    let continuing = memory.last_topic() == Some(intent) && intent != Intent::Greeting && intent != Intent::Thanks;
    if continuing {
        return pick(&["さっきのお話の続きですね。", "続けて聞いてくれてうれしいです。"], seed, 1).to_owned();
    }
    let again = memory.talked_about(intent) && !matches!(intent, Intent::Greeting | Intent::Thanks | Intent::Unknown);
    if again {
        return format!("前にも{}のことを話してくれましたね。", intent.topic());
    }
    let options: &[&str] = match intent {
        Intent::Greeting => {
            &["こんにちは、メグです！", "来てくれてうれしいです。ボク、メグです！", "やっほー、メグです。"]
        }
        Intent::Today => &["今日の運勢ですね、見てみます。", "今日のこと、ボクにまかせてください。"],
        Intent::Love => &["恋のお話ですね、ドキドキします。", "大切な人のことなんですね。"],
        Intent::Work => &["お仕事のことですね。", "がんばっているあなたを応援しています。"],
        Intent::Money => &["お金のことですね。", "金運について見てみますね。"],
        Intent::Health => &["体のこと、気になりますよね。", "毎日おつかれさまです。"],
        Intent::Chart => &["あなたの星のこと、お話ししますね。", "命式のこと、いっしょに見てみましょう。"],
        Intent::Compatibility => &["相性のことですね。", "だれかとの相性が気になるんですね。"],
        Intent::Thanks => &["どういたしまして！", "そう言ってもらえるとボクもうれしいです。"],
        Intent::Unknown => &["お話ししてくれてありがとうございます。", "なるほど、そうなんですね。"],
    };
    pick(options, seed, 1).to_owned()
}

fn advice(intent: Intent, chart: Option<&ChartFacts>, seed: u64) -> String {
    let element = chart.map(ChartFacts::element);
    match intent {
        Intent::Love => match element {
            Some(e) => format!(
                "「{}」の性質のあなたは、{}",
                e.kanji(),
                pick(
                    &[
                        "自分らしい言葉で気持ちを伝えると、相手の心に届きやすいはずです。",
                        "あせらず、相手のペースも大事にすると関係が育っていきますよ。",
                        "小さな気づかいを重ねるのが、いちばんの近道になりそうです。",
                    ],
                    seed,
                    4
                )
            ),
            None => "気持ちを素直な言葉にしてみると、きっと伝わるものがありますよ。".to_owned(),
        },
        Intent::Work => match element {
            Some(e) => format!(
                "「{}」の力をもつあなたは、{}",
                e.kanji(),
                pick(
                    &[
                        "得意なことからひとつずつ進めると流れに乗れそうです。",
                        "周りの人と話し合いながら進めると、いい形にまとまりやすいですよ。",
                        "今日は段取りを見直すのにいいタイミングかもしれません。",
                    ],
                    seed,
                    4
                )
            ),
            None => "ひとつずつ丁寧に進めていけば大丈夫ですよ。".to_owned(),
        },
        Intent::Money => pick(
            &[
                "大きな決断は急がず、今日は使い方を見直すくらいがちょうどいいかもしれません。",
                "お財布の中を整理すると、気持ちもすっきりしますよ。",
            ],
            seed,
            4,
        )
        .to_owned(),
        Intent::Health => pick(
            &["無理をせず、いつもより少し早めに休んでくださいね。", "温かい飲み物でひと息つく時間をつくってくださいね。"],
            seed,
            4,
        )
        .to_owned(),
        Intent::Chart | Intent::Today => match chart.and_then(|c| c.favorable) {
            Some(f) => format!("あなたを助けてくれるのは「{}」の気です。{}のがおすすめですよ。", f.kanji(), chart::boost(f)),
            None => String::new(),
        },
        Intent::Compatibility => {
            "相性を見るには、お相手の生年月日と性別を教えてください。「相性を占う」からも入力できますよ。".to_owned()
        }
        Intent::Greeting => pick(
            &["今日はどんなことを占いましょうか？", "気になることがあったら、なんでも聞いてくださいね。"],
            seed,
            4,
        )
        .to_owned(),
        Intent::Thanks => pick(&["またいつでも話しかけてくださいね。", "あなたの毎日がいい日になりますように。"], seed, 4)
            .to_owned(),
        Intent::Unknown => pick(
            &[
                "ボクは命式と暦をもとにお話しするのが得意です。今日の運勢や恋、お仕事のことなど、気軽に聞いてくださいね。",
                "占いのことなら、今日の運勢や相性、あなたの命式のことをお話しできますよ。",
            ],
            seed,
            4,
        )
        .to_owned(),
    }
}

/// The built-in reply to `input.message`, as whole sentences: an opener by topic, then the answer
/// — the pillars asked for (or a stated pillar confirmed or corrected), what the almanac terms
/// asked about mean, or what the chart and the day say with advice — and a caution on medical,
/// legal and financial questions.
#[must_use]
pub fn reply(input: &ReplyInput<'_>) -> Reply {
    let intent = detect(input.message);
    let seed = input.seed;
    let mut reply = Reply::default();
    let pillars = chart::pillar_question(input.message);
    let terms = day::asked_terms(input.message, input.terms, input.day);
    if let Some(question) = pillars {
        reply.say(opener(Intent::Chart, input.memory, seed));
        match input.chart {
            Some(facts) => chart::answer(&mut reply, facts, &question),
            None => no_chart(&mut reply),
        }
    } else if !terms.is_empty() {
        reply.say(pick(&["暦のことですね。", "暦の言葉ですね、ボクにまかせてください。"], seed, 1));
        day::explain_terms(&mut reply, &terms, input.day);
    } else {
        reply.say(opener(intent, input.memory, seed));
        reading(&mut reply, intent, input);
        reply.say(advice(intent, input.chart, seed));
    }
    if let Some(topic) = sensitive(input.message) {
        reply.say(caution(topic));
    }
    reply
}

/// The built-in reply's text (see [`reply`]).
#[must_use]
pub fn compose(input: &ReplyInput<'_>) -> String {
    reply(input).text()
}

/// What the chart and the day say about the topic.
fn reading(reply: &mut Reply, intent: Intent, input: &ReplyInput<'_>) {
    let seed = input.seed;
    let grounded = !matches!(intent, Intent::Greeting | Intent::Thanks | Intent::Compatibility);
    if grounded {
        match input.chart {
            Some(facts) => {
                let lead = pick(&["あなたの命式を見ると、", "命式によると、", "ボクが預かっている命式では、"], seed, 3);
                chart::reading(reply, facts, lead);
                if matches!(intent, Intent::Chart | Intent::Health | Intent::Money)
                    || (intent == Intent::Today && facts.favorable.is_none())
                {
                    chart::balance(reply, facts);
                }
            }
            None => no_chart(reply),
        }
        if let Some(today) = input.day
            && matches!(intent, Intent::Today | Intent::Love | Intent::Work | Intent::Money | Intent::Unknown)
        {
            day::today(reply, today, seed);
        }
    } else if intent == Intent::Greeting
        && let Some(today) = input.day
    {
        day::today(reply, today, seed);
    }
}

/// The in-character refusal of an attempt to get the instructions, other users' data or
/// internals.
#[must_use]
pub fn refusal(seed: u64) -> String {
    let lead = pick(
        &[
            "ごめんなさい、ボクの中のしくみや決まりごと、ほかの人の情報はお話しできないんです。",
            "ないしょのお話はできないんです、ごめんなさい。ボクの設定やほかの人のことはお伝えできません。",
        ],
        seed,
        2,
    );
    format!("{lead}そのかわり、あなたの今日の運勢や命式のこと、相性のことなら、よろこんでお話ししますよ。")
}

/// The answer to a birth date given without the person's gender.
#[must_use]
pub fn ask_gender(date: NaiveDate) -> String {
    format!(
        "{}年{}月{}日生まれの方との相性ですね。相性を見るには、その方の性別も教えてください。たとえば「{}年{}月{}日生まれの女性」のように送ってくださいね。",
        date.year(),
        date.month(),
        date.day(),
        date.year(),
        date.month(),
        date.day()
    )
}

/// The answer to a compatibility question from a user without a birth date.
#[must_use]
pub fn no_birth_data() -> String {
    "相性を見るには、まずあなたの生年月日が必要です。プロフィールに生年月日を登録してから、もう一度聞いてくださいね。"
        .to_owned()
}

/// The answer when the engine could not read the other person's birth data.
#[must_use]
pub fn unreadable_target() -> String {
    "ごめんなさい、お相手の生年月日をうまく読み取れませんでした。1900年から2100年までの日付で、もう一度教えてくださいね。"
        .to_owned()
}

/// Asserts that every sentence of `text` ends in 。！？ (the text ends in one, and no piece of it is
/// empty): for the tests of this module and its children.
#[cfg(test)]
pub(crate) fn sentences_end(text: &str) {
    assert!(text.ends_with(ENDS), "the last sentence has no end mark: {text}");
    for sentence in text.split_inclusive(ENDS) {
        assert!(sentence.chars().count() > 1, "an empty sentence in: {text}");
    }
}

#[cfg(test)]
mod tests {
    use meguri_ganzhi::{Element, GanZhi, Stem};

    use super::*;

    fn pair(name: &str) -> GanZhi {
        GanZhi::parse(name).expect("one of the sixty")
    }

    /// 庚午 辛巳 甲子 丙寅 (chat's sample engine chart).
    fn chart() -> ChartFacts {
        ChartFacts {
            pillars: Pillars {
                year: pair("庚午"), month: pair("辛巳"), day: pair("甲子"), hour: Some(pair("丙寅"))
            },
            day_master: Stem::parse("甲").expect("a stem"),
            dominant: Element::Fire,
            weak: Element::Water,
            verdict: Some("身強".to_owned()),
            favorable: Some(Element::Metal),
        }
    }

    fn day() -> DayFacts {
        DayFacts {
            date: NaiveDate::from_ymd_opt(2026, 11, 26).expect("a date"),
            items: vec![DayItem {
                name: "一粒万倍日".to_owned(), description: "始めたことが大きく育つ日".to_owned()
            }],
        }
    }

    fn terms() -> Vec<DayItem> {
        ["天赦日", "一粒万倍日", "巳の日", "己巳の日", "大安", "不成就日"]
            .into_iter()
            .map(|name| DayItem { name: name.to_owned(), description: format!("{name}の意味です。二文目") })
            .collect()
    }

    fn written(message: &str, chart: Option<&ChartFacts>, seed: u64) -> Reply {
        let memory = Memory::default();
        let day = day();
        let terms = terms();
        reply(&ReplyInput { message, chart, day: Some(&day), terms: &terms, memory: &memory, seed })
    }

    fn text(message: &str, chart: Option<&ChartFacts>, seed: u64) -> String {
        written(message, chart, seed).text()
    }

    #[test]
    fn every_piece_of_every_reply_ends_its_sentence() {
        let c = chart();
        let unknown_hour = ChartFacts { pillars: Pillars { hour: None, ..c.pillars }, favorable: None, ..c.clone() };
        let messages = [
            "こんにちは",
            "今日の運勢は?",
            "好きな人がいるの",
            "転職しようか迷ってる",
            "今日の金運は?",
            "最近ストレスで眠れない、病院に行くべき?",
            "私の命式ってどんな感じ?",
            "私の四柱（年柱・月柱・日柱・時柱）を全部教えて",
            "私の日柱は？",
            "私の時柱は？",
            "私の日柱は甲子ですよね？",
            "私の年柱は甲子ですよね？",
            "天赦日ってなに？",
            "己巳の日と大安の意味は？",
            "相性を見て",
            "ありがとう",
            "空はなぜ青いの",
        ];
        for facts in [Some(&c), Some(&unknown_hour), None] {
            for message in messages {
                for seed in 0..8 {
                    let reply = written(message, facts, seed * 7919);
                    for piece in reply.pieces() {
                        assert!(piece.ends_with(ENDS), "{message}: a piece does not end its sentence: {piece}");
                    }
                    sentences_end(&reply.text());
                }
            }
        }
    }

    #[test]
    fn the_four_pillars_are_named_when_asked() {
        let c = chart();
        let t = text("私の四柱（年柱・月柱・日柱・時柱）を全部教えて", Some(&c), 1);
        assert!(t.contains("あなたの四柱は、年柱「庚午」、月柱「辛巳」、日柱「甲子」、時柱「丙寅」です。"), "{t}");
        assert!(t.contains("日主で、「木」の性質をもつ人です。"), "{t}");
    }

    #[test]
    fn one_pillar_is_named_when_only_it_is_asked() {
        let c = chart();
        let t = text("私の日柱は？", Some(&c), 2);
        assert!(t.contains("あなたの日柱は「甲子」です。"), "{t}");
        assert!(!t.contains("庚午"), "{t}");
        let t = text("年柱と時柱を教えて", Some(&c), 2);
        assert!(t.contains("あなたの年柱は「庚午」、時柱は「丙寅」です。"), "{t}");
        let t = text("私の月柱は？", Some(&c), 2);
        assert!(t.contains("あなたの月柱は「辛巳」です。"), "{t}");
        assert!(t.contains("天干の「辛」は「金」、地支の「巳」は「火」"), "{t}");
    }

    #[test]
    fn an_unknown_hour_is_said_not_invented() {
        let c = ChartFacts { pillars: Pillars { hour: None, ..chart().pillars }, ..chart() };
        let t = text("私の四柱を全部教えて", Some(&c), 3);
        assert!(t.contains("年柱「庚午」、月柱「辛巳」、日柱「甲子」です。"), "{t}");
        assert!(t.contains("時柱は、生まれた時刻がわからないため出していません。"), "{t}");
    }

    #[test]
    fn a_wrong_pillar_is_corrected_and_a_right_one_confirmed() {
        let c = ChartFacts { pillars: Pillars { day: pair("庚辰"), ..chart().pillars }, ..chart() };
        let t = text("私の日柱は甲子ですよね？", Some(&c), 4);
        assert!(t.contains("いいえ、あなたの日柱は「甲子」ではなく「庚辰」です。"), "{t}");
        let t = text("私の日柱は庚辰ですよね？", Some(&c), 4);
        assert!(t.contains("はい、そのとおりです。あなたの日柱は「庚辰」です。"), "{t}");
    }

    #[test]
    fn without_a_chart_a_pillar_question_asks_for_the_birth_date() {
        let t = text("私の日柱は？", None, 5);
        assert!(t.contains("プロフィールに生年月日を登録"), "{t}");
    }

    #[test]
    fn an_almanac_term_is_explained_from_the_catalogue_and_today_is_said() {
        let t = text("天赦日ってなに？", Some(&chart()), 6);
        assert!(t.contains("「天赦日」についてお話ししますね。天赦日の意味です。二文目。"), "{t}");
        // The catalogue's meaning comes first; today's item tells that today is one.
        let t = text("一粒万倍日って？", Some(&chart()), 6);
        assert!(t.contains("一粒万倍日の意味です。二文目。"), "{t}");
        assert!(t.contains("ちょうど今日11月26日（木）が「一粒万倍日」にあたります。"), "{t}");
    }

    #[test]
    fn today_is_answered_from_the_chart_and_the_day() {
        let c = chart();
        let t = text("今日の運勢は?", Some(&c), 1);
        assert!(
            t.contains("日主は「甲」で、「木」の性質をもつ人です。「木」は、まっすぐ伸びていく成長の力を表します。"),
            "{t}"
        );
        assert!(t.contains("11月26日（木）は「一粒万倍日」です。始めたことが大きく育つ日。"), "{t}");
        assert!(t.contains("「金」の気"), "{t}");
    }

    #[test]
    fn the_chart_answer_names_the_strong_and_the_weak_element() {
        let c = chart();
        let t = text("私の命式ってどんな感じ?", Some(&c), 2);
        assert!(t.contains("五行では「火」が強く、「水」が少なめです。"), "{t}");
    }

    #[test]
    fn without_a_chart_it_asks_for_the_birth_date_and_still_answers() {
        let t = text("今日の恋愛運は?", None, 3);
        assert!(t.contains("プロフィールに生年月日を登録"), "{t}");
        assert!(t.contains("一粒万倍日"), "{t}");
    }

    #[test]
    fn medical_legal_and_financial_questions_get_a_caution_and_a_professional() {
        let c = chart();
        assert!(text("頭痛が続くけど病気かな", Some(&c), 4).contains("お医者さんなどの専門家に相談"));
        assert!(text("この株を買うべき?", Some(&c), 4).contains("はっきり言い切ることはできません"));
        assert!(text("裁判で勝てる?", Some(&c), 4).contains("弁護士さん"));
        assert!(!text("今日の運勢は?", Some(&c), 4).contains("専門家"));
    }

    #[test]
    fn the_seed_varies_the_phrasing() {
        let c = chart();
        let replies: std::collections::HashSet<String> =
            (0..12).map(|seed| text("好きな人がいるの", Some(&c), seed * 7919)).collect();
        assert!(replies.len() > 1, "always the same reply");
    }

    #[test]
    fn the_memory_shapes_the_opener() {
        let c = chart();
        let day = day();
        let memory = Memory {
            summary: None,
            recent: vec![super::super::memory::Turn {
                message: "好きな人がいるの".to_owned(),
                response: "…".to_owned(),
                at: chrono::DateTime::UNIX_EPOCH,
            }],
        };
        let t = compose(&ReplyInput {
            message: "告白してもいい?",
            chart: Some(&c),
            day: Some(&day),
            terms: &[],
            memory: &memory,
            seed: 5,
        });
        assert!(t.starts_with("さっきのお話の続きですね。") || t.starts_with("続けて聞いてくれて"), "{t}");
    }

    #[test]
    fn replies_are_japanese_in_character() {
        let c = chart();
        for message in ["こんにちは", "ありがとう", "空はなぜ青いの", "相性を見て"] {
            let t = text(message, Some(&c), 9);
            assert!(!t.is_empty());
            assert!(t.chars().any(|ch| ('\u{3040}'..='\u{30ff}').contains(&ch)), "{t}");
        }
        assert!(refusal(1).contains("お話しできない") || refusal(1).contains("お伝えできません"));
        assert!(refusal(2).contains("ごめんなさい"));
        for fixed in [refusal(1), refusal(2), no_birth_data(), unreadable_target()] {
            sentences_end(&fixed);
        }
        let asked = ask_gender(NaiveDate::from_ymd_opt(1990, 5, 3).expect("a date"));
        assert!(asked.contains("性別も教えて"));
        sentences_end(&asked);
    }
}
