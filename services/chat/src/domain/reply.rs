//! The built-in responder's words: the mascot 「メグ」 (first person 「ボク」, friendly です/ます
//! with a little warmth, always Japanese) answering from the facts it is given — the user's chart
//! (from fortune-gen), the day (fortune-gen's day info) and the memory — never from a computation
//! of its own. The seed (from the message id) picks among phrasings, so replies vary. Pure.

use chrono::{Datelike as _, NaiveDate};

use super::intent::{Intent, Sensitive, detect, sensitive};
use super::memory::Memory;
use super::{CompatibilityCard, Factor};

/// One of the five elements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Element {
    Wood,
    Fire,
    Earth,
    Metal,
    Water,
}

impl Element {
    /// `wood`..`water` (the engine's names).
    #[must_use]
    pub fn parse(raw: &str) -> Option<Self> {
        match raw {
            "wood" => Some(Self::Wood),
            "fire" => Some(Self::Fire),
            "earth" => Some(Self::Earth),
            "metal" => Some(Self::Metal),
            "water" => Some(Self::Water),
            _ => None,
        }
    }

    /// The element of a heavenly stem (甲乙 wood … 壬癸 water).
    #[must_use]
    pub fn of_stem(stem: &str) -> Option<Self> {
        match stem.chars().next()? {
            '甲' | '乙' => Some(Self::Wood),
            '丙' | '丁' => Some(Self::Fire),
            '戊' | '己' => Some(Self::Earth),
            '庚' | '辛' => Some(Self::Metal),
            '壬' | '癸' => Some(Self::Water),
            _ => None,
        }
    }

    #[must_use]
    pub const fn kanji(self) -> &'static str {
        match self {
            Self::Wood => "木",
            Self::Fire => "火",
            Self::Earth => "土",
            Self::Metal => "金",
            Self::Water => "水",
        }
    }

    const fn nature(self) -> &'static str {
        match self {
            Self::Wood => "まっすぐ伸びていく成長の力",
            Self::Fire => "まわりを明るく照らす情熱の力",
            Self::Earth => "どっしり受け止める安定の力",
            Self::Metal => "けじめをつけて磨きあげる力",
            Self::Water => "しなやかに流れる知恵の力",
        }
    }

    const fn boost(self) -> &'static str {
        match self {
            Self::Wood => "散歩をしたり植物にふれたりする",
            Self::Fire => "明るい色を身につけたり、人と笑い合ったりする",
            Self::Earth => "部屋を整えたり、温かいごはんをゆっくり食べたりする",
            Self::Metal => "持ち物を手入れしたり、予定をきちんと決めたりする",
            Self::Water => "お風呂でゆっくりしたり、本を読んだりする",
        }
    }
}

/// What the responder knows of the user's chart (fortune-gen's, never computed here).
#[derive(Clone, Debug, PartialEq)]
pub struct ChartFacts {
    /// The day master's stem, e.g. 甲.
    pub day_master: String,
    pub element: Element,
    /// The strongest and the weakest of the five elements.
    pub dominant: Element,
    pub weak: Element,
    /// 身強 | 身弱 | 中和.
    pub verdict: Option<String>,
    /// The most helpful element.
    pub favorable: Option<Element>,
}

/// One notable thing about a day (fortune-gen's day info: 一粒万倍日, 大安…).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DayItem {
    pub name: String,
    pub description: String,
}

/// The user's local day, as fortune-gen describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DayFacts {
    pub date: NaiveDate,
    pub items: Vec<DayItem>,
}

/// Everything a built-in reply is written from.
#[derive(Clone, Debug)]
pub struct ReplyInput<'a> {
    pub message: &'a str,
    /// `None`: no chart yet (no birth date, or still being built).
    pub chart: Option<&'a ChartFacts>,
    pub day: Option<&'a DayFacts>,
    pub memory: &'a Memory,
    pub seed: u64,
}

/// Picks one of `options` by the seed and a slot number (each slot varies on its own).
fn pick<'a>(options: &[&'a str], seed: u64, slot: u32) -> &'a str {
    let mixed = seed.rotate_left(slot.wrapping_mul(13)) ^ u64::from(slot).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let index = usize::try_from(mixed % options.len() as u64).unwrap_or(0);
    options[index]
}

fn weekday(date: NaiveDate) -> &'static str {
    ["月", "火", "水", "木", "金", "土", "日"][date.weekday().num_days_from_monday() as usize]
}

fn day_sentence(day: &DayFacts, seed: u64) -> String {
    let when = format!("{}月{}日（{}）", day.date.month(), day.date.day(), weekday(day.date));
    match day.items.first() {
        Some(item) => {
            let others: Vec<&str> = day.items.iter().skip(1).take(2).map(|i| i.name.as_str()).collect();
            let more = if others.is_empty() {
                String::new()
            } else {
                format!("ほかにも{}が重なっています。", others.join("・"))
            };
            let lead = pick(&["今日", "きょう"], seed, 7);
            format!("{lead}{when}は「{}」です。{}{more}", item.name, ensure_period(&item.description))
        }
        None => format!(
            "{when}は暦の上では特別な印のない、落ち着いた日です。{}",
            pick(&["いつものペースを大切にしてくださいね。", "自分のリズムで過ごすのが一番ですよ。"], seed, 8)
        ),
    }
}

fn ensure_period(text: &str) -> String {
    let trimmed = text.trim();
    if trimmed.is_empty() || trimmed.ends_with('。') || trimmed.ends_with('！') || trimmed.ends_with('?') {
        trimmed.to_owned()
    } else {
        format!("{trimmed}。")
    }
}

fn chart_sentence(chart: &ChartFacts, seed: u64) -> String {
    let lead = pick(&["あなたの命式を見ると、", "命式によると、", "ボクが預かっている命式では、"], seed, 3);
    format!(
        "{lead}日主は「{}」で、{}の性質をもつ人です。{}",
        chart.day_master,
        chart.element.kanji(),
        chart.element.nature()
    )
}

fn balance_sentence(chart: &ChartFacts) -> String {
    if chart.dominant == chart.weak {
        return "五行のバランスがよく整っているのが特徴です。".to_owned();
    }
    format!(
        "五行では「{}」が強く、「{}」が少なめです。{}ことで「{}」を補うと、バランスがとりやすくなりますよ。",
        chart.dominant.kanji(),
        chart.weak.kanji(),
        chart.weak.boost(),
        chart.weak.kanji()
    )
}

fn no_chart_sentence() -> &'static str {
    "まだあなたの命式が手元にないので、くわしい読み解きはできませんが、プロフィールに生年月日を登録してもらえると、もっとあなたに合わせてお話しできます。"
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
    let element = chart.map(|c| c.element);
    match intent {
        Intent::Love => match element {
            Some(e) => format!(
                "{}の性質のあなたは、{}",
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
        Intent::Chart | Intent::Today => match chart {
            Some(c) => match c.favorable {
                Some(f) => format!("あなたを助けてくれるのは「{}」の気です。{}のがおすすめですよ。", f.kanji(), f.boost()),
                None => balance_sentence(c),
            },
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

/// The built-in reply to `input.message`: an opener by topic, what the chart and the day say,
/// advice, and a caution on medical, legal and financial questions.
#[must_use]
pub fn compose(input: &ReplyInput<'_>) -> String {
    let intent = detect(input.message);
    let seed = input.seed;
    let mut parts = vec![opener(intent, input.memory, seed)];
    let grounded = !matches!(intent, Intent::Greeting | Intent::Thanks | Intent::Compatibility);
    if grounded {
        match input.chart {
            Some(chart) => {
                parts.push(chart_sentence(chart, seed));
                if matches!(intent, Intent::Chart | Intent::Health | Intent::Money) {
                    parts.push(balance_sentence(chart));
                }
            }
            None => parts.push(no_chart_sentence().to_owned()),
        }
        if let Some(day) = input.day
            && matches!(intent, Intent::Today | Intent::Love | Intent::Work | Intent::Money | Intent::Unknown)
        {
            parts.push(day_sentence(day, seed));
        }
    } else if intent == Intent::Greeting
        && let Some(day) = input.day
    {
        parts.push(day_sentence(day, seed));
    }
    let tip = advice(intent, input.chart, seed);
    if !tip.is_empty() {
        parts.push(tip);
    }
    if let Some(topic) = sensitive(input.message) {
        parts.push(caution(topic));
    }
    parts.join("")
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

/// The explanation under a compatibility card: the score, the engine's summary, the strongest and
/// the weakest factor, and advice by the score's band (never a certainty).
#[must_use]
pub fn compatibility_text(name: &str, card: &CompatibilityCard, seed: u64) -> String {
    let mut out = format!("{name}との相性は{}点です。{}", card.score, ensure_period(&card.summary));
    let best = card.factors.iter().max_by_key(|f| f.score);
    let worst = card.factors.iter().min_by_key(|f| f.score);
    if let Some(Factor { label, detail, .. }) = best {
        out.push_str(&format!("いちばんの強みは「{label}」。{}", ensure_period(detail)));
    }
    if let (Some(w), Some(b)) = (worst, best)
        && w.key != b.key
    {
        out.push_str(&format!("「{}」は少し気をつけたいところです。{}", w.label, ensure_period(&w.detail)));
    }
    let band: &[&str] = match card.score {
        80.. => &[
            "とても心強い組み合わせです。今のいい流れを大切にしてくださいね。",
            "おたがいを自然に高め合える関係になれそうです。",
        ],
        60..=79 => &[
            "おたがいの違いを楽しめると、もっといい関係になれますよ。",
            "歩み寄る気持ちがあれば、ぐっと近づける相性です。",
        ],
        40..=59 => &[
            "違うところが多いぶん、話し合うほど学び合える関係です。",
            "相手のペースを知ることが、仲よくなるコツになりそうです。",
        ],
        _ => &[
            "正反対だからこそ、おたがいにないものを補い合えます。",
            "急がず少しずつ、相手のことを知っていくのがいいですよ。",
        ],
    };
    out.push_str(pick(band, seed, 5));
    out.push_str("相性はあくまで目安なので、ふたりで過ごす時間を大切にしてくださいね。");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chart() -> ChartFacts {
        ChartFacts {
            day_master: "甲".to_owned(),
            element: Element::Wood,
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

    fn reply(message: &str, chart: Option<&ChartFacts>, seed: u64) -> String {
        let memory = Memory::default();
        let day = day();
        compose(&ReplyInput { message, chart, day: Some(&day), memory: &memory, seed })
    }

    #[test]
    fn today_is_answered_from_the_chart_and_the_day() {
        let c = chart();
        let text = reply("今日の運勢は?", Some(&c), 1);
        assert!(text.contains("日主は「甲」"), "{text}");
        assert!(text.contains("11月26日（木）は「一粒万倍日」です。始めたことが大きく育つ日。"), "{text}");
        assert!(text.contains("「金」の気"), "{text}");
    }

    #[test]
    fn the_chart_answer_names_the_strong_and_the_weak_element() {
        let c = chart();
        let text = reply("私の命式ってどんな感じ?", Some(&c), 2);
        assert!(text.contains("「火」が強く、「水」が少なめ"), "{text}");
    }

    #[test]
    fn without_a_chart_it_asks_for_the_birth_date_and_still_answers() {
        let text = reply("今日の恋愛運は?", None, 3);
        assert!(text.contains("プロフィールに生年月日を登録"), "{text}");
        assert!(text.contains("一粒万倍日"), "{text}");
    }

    #[test]
    fn medical_legal_and_financial_questions_get_a_caution_and_a_professional() {
        let c = chart();
        assert!(reply("頭痛が続くけど病気かな", Some(&c), 4).contains("お医者さんなどの専門家に相談"));
        assert!(reply("この株を買うべき?", Some(&c), 4).contains("はっきり言い切ることはできません"));
        assert!(reply("裁判で勝てる?", Some(&c), 4).contains("弁護士さん"));
        assert!(!reply("今日の運勢は?", Some(&c), 4).contains("専門家"));
    }

    #[test]
    fn the_seed_varies_the_phrasing() {
        let c = chart();
        let replies: std::collections::HashSet<String> =
            (0..12).map(|seed| reply("好きな人がいるの", Some(&c), seed * 7919)).collect();
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
        let text = compose(&ReplyInput {
            message: "告白してもいい?",
            chart: Some(&c),
            day: Some(&day),
            memory: &memory,
            seed: 5,
        });
        assert!(text.starts_with("さっきのお話の続きですね。") || text.starts_with("続けて聞いてくれて"), "{text}");
    }

    #[test]
    fn replies_are_japanese_in_character() {
        let c = chart();
        for message in ["こんにちは", "ありがとう", "空はなぜ青いの", "相性を見て"] {
            let text = reply(message, Some(&c), 9);
            assert!(!text.is_empty());
            assert!(text.chars().any(|ch| ('\u{3040}'..='\u{30ff}').contains(&ch)), "{text}");
        }
        assert!(refusal(1).contains("お話しできない") || refusal(1).contains("お伝えできません"));
        assert!(refusal(2).contains("ごめんなさい"));
    }

    #[test]
    fn the_compatibility_explanation_names_score_strength_and_weakness() {
        let card = CompatibilityCard {
            request_id: uuid::Uuid::nil(),
            score: 72,
            summary: "おだやかな相性".to_owned(),
            factors: vec![
                Factor { key: "dayMaster".into(), label: "日主".into(), score: 90, detail: "支え合える".into() },
                Factor {
                    key: "branches".into(), label: "地支".into(), score: 40, detail: "ぶつかることも".into()
                },
            ],
            target: super::super::target::TargetJson {
                birth_date: "1990-05-03".into(),
                birth_time: None,
                birth_location: None,
                gender: "male".into(),
                label: Some("彼".into()),
            },
        };
        let text = compatibility_text("彼", &card, 1);
        assert!(text.starts_with("彼との相性は72点です。おだやかな相性。"), "{text}");
        assert!(text.contains("いちばんの強みは「日主」"), "{text}");
        assert!(text.contains("「地支」は少し気をつけたい"), "{text}");
        assert!(text.contains("あくまで目安"), "{text}");
    }

    #[test]
    fn elements_come_from_names_and_stems() {
        assert_eq!(Element::parse("metal"), Some(Element::Metal));
        assert_eq!(Element::of_stem("癸"), Some(Element::Water));
        assert_eq!(Element::of_stem("子"), None);
        assert!(ask_gender(NaiveDate::from_ymd_opt(1990, 5, 3).expect("a date")).contains("性別も教えて"));
    }
}
