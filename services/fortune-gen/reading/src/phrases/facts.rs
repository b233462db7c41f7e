//! Words for the facts themselves (positions, relations, 十二運, elements, seasons, the almanac),
//! shared by the daily reading and the reports.

use super::Item;
use super::topic::{BIG, OUT, START};
use crate::facts::Element;

/// A natal position as a kanji (`year` → `年`).
#[must_use]
pub(crate) fn position_kanji(position: &str) -> &'static str {
    match position {
        "year" => "年",
        "month" => "月",
        "day" => "日",
        _ => "時",
    }
}

/// What a natal position stands for in a reading.
#[must_use]
pub(crate) fn position_area(position: &str) -> &'static str {
    match position {
        "year" => "家族や昔からの縁",
        "month" => "仕事や社会での関わり",
        "day" => "自分自身やパートナーとの関係",
        _ => "これからの計画や子ども・後輩との関わり",
    }
}

/// The same, in two or three words for a month line.
#[must_use]
pub(crate) fn position_area_short(position: &str) -> &'static str {
    match position {
        "year" => "家族のこと",
        "month" => "仕事",
        "day" => "身近な関係",
        _ => "先の計画",
    }
}

/// Whether a relation meets a natal stem (干) rather than a branch (支).
#[must_use]
pub(crate) fn is_stem_relation(kind: &str) -> bool {
    kind.starts_with("stem_")
}

/// `…と＿、` — the verb of a relation in the continuative form.
#[must_use]
pub(crate) fn relation_verb(kind: &str, name: &str) -> String {
    match kind {
        "stem_combine" => "干合し".to_owned(),
        "stem_clash" => "天干の冲になり".to_owned(),
        "six_harmony" => "六合を結び".to_owned(),
        "three_harmony" => "三合を成し".to_owned(),
        "half_harmony" => "半会し".to_owned(),
        "clash" => "冲になり".to_owned(),
        "punishment" => "刑の関係になり".to_owned(),
        "self_punishment" => "重なって自刑になり".to_owned(),
        "harm" => "害の関係になり".to_owned(),
        _ => format!("{name}の関係になり"),
    }
}

/// How much a relation weighs: the stronger meetings first.
#[must_use]
pub(crate) fn relation_strength(kind: &str) -> u8 {
    match kind {
        "clash" | "stem_combine" | "six_harmony" | "three_harmony" => 3,
        "stem_clash" | "punishment" | "half_harmony" => 2,
        _ => 1,
    }
}

/// How much a natal position weighs in a reading (the day pillar is the reader).
#[must_use]
pub(crate) fn position_weight(position: &str) -> u8 {
    match position {
        "day" => 4,
        "month" => 3,
        "year" => 2,
        _ => 1,
    }
}

/// The feel of a 十二運 stage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum StageBand {
    /// 冠帯 建禄 帝旺
    Peak,
    /// 長生 胎 養
    Rising,
    /// 沐浴 絶
    Shifting,
    /// 衰 病 死 墓
    Quiet,
}

/// 十二運: name, what it brings (completes `…＿日です`), band.
const STAGES: [(&str, &str, StageBand); 12] = [
    ("長生", "新しいことが芽吹き、すくすく育ちやすい", StageBand::Rising),
    ("沐浴", "気分が揺れやすいぶん、魅力も増す", StageBand::Shifting),
    ("冠帯", "自信をもって表舞台に立てる", StageBand::Peak),
    ("建禄", "実力を安定して発揮できる", StageBand::Peak),
    ("帝旺", "エネルギーがいちばん高まる", StageBand::Peak),
    ("衰", "落ち着いて経験を生かせる", StageBand::Quiet),
    ("病", "感受性が高まり、休息を求めやすい", StageBand::Quiet),
    ("死", "一つのことに静かに集中できる", StageBand::Quiet),
    ("墓", "力を内に蓄え、整理に向く", StageBand::Quiet),
    ("絶", "流れが切り替わり、発想が変わりやすい", StageBand::Shifting),
    ("胎", "新しい構想が宿りやすい", StageBand::Rising),
    ("養", "周りに支えられて力を育てる", StageBand::Rising),
];

/// The meaning and band of a 十二運 stage, when the name is known.
#[must_use]
pub(crate) fn life_stage(name: &str) -> Option<(&'static str, StageBand)> {
    STAGES.iter().find(|(n, _, _)| *n == name).map(|&(_, meaning, band)| (meaning, band))
}

/// What an element looks like, for luck tips and daily dos.
pub(crate) struct ElementText {
    /// `しなやかな水の気`
    pub image: &'static str,
    pub colors: &'static str,
    pub direction: &'static str,
    /// Actions, as a list for a report sentence.
    pub actions: &'static str,
    /// Body care when the element runs high (never a diagnosis).
    pub care: &'static str,
    /// Dos that bring the element in.
    pub dos: &'static [Item],
    /// A don't for a day when the element runs too high.
    pub excess: Item,
}

#[must_use]
pub(crate) const fn element_text(e: Element) -> &'static ElementText {
    match e {
        Element::Wood => &WOOD,
        Element::Fire => &FIRE,
        Element::Earth => &EARTH,
        Element::Metal => &METAL,
        Element::Water => &WATER,
    }
}

const WOOD: ElementText = ElementText {
    image: "伸びやかな木の気",
    colors: "緑や青",
    direction: "東",
    actions: "植物を育てる、朝の散歩をする、新しいことを学ぶ",
    care: "目の疲れや肩・首のこり、筋肉の張りをためこまないようにしましょう",
    dos: &[
        ("緑の多い道を散歩する", "散歩", OUT),
        ("観葉植物の世話をする", "植物", 0),
        ("青や緑の物を身につける", "緑色", 0),
        ("朝にゆっくりストレッチをする", "ストレッチ", 0),
    ],
    excess: ("あれこれ手を広げすぎる", "手広げ", START),
};

const FIRE: ElementText = ElementText {
    image: "明るく温かな火の気",
    colors: "赤やオレンジ",
    direction: "南",
    actions: "日の光を浴びる、人前に出る、イベントに参加する",
    care: "睡眠不足やのぼせに気を配り、心と体の熱をこもらせないようにしましょう",
    dos: &[
        ("朝の光を浴びる", "朝の光", 0),
        ("赤やオレンジを一点取り入れる", "赤色", 0),
        ("明るい場所で人と会う", "明るい場所", OUT),
        ("温かい料理を食べる", "温かい料理", 0),
    ],
    excess: ("熱くなって勢いで決める", "勢い", BIG),
};

const EARTH: ElementText = ElementText {
    image: "どっしりとした土の気",
    colors: "黄色やベージュ、ブラウン",
    direction: "中央（家の中心）",
    actions: "家の中心を整える、器や食事を楽しむ、決まった習慣を守る",
    care: "胃腸をいたわり、食べすぎや食事の偏りに気をつけましょう",
    dos: &[
        ("陶器の器で食事を楽しむ", "器", 0),
        ("黄色やベージュの物を身につける", "黄色", 0),
        ("家の真ん中あたりを片づける", "家の中心", 0),
        ("根菜たっぷりの料理を食べる", "根菜", 0),
    ],
    excess: ("考えすぎて動けなくなる", "考えすぎ", 0),
};

const METAL: ElementText = ElementText {
    image: "澄んだ金の気",
    colors: "白や金、シルバー",
    direction: "西",
    actions: "整理整頓をする、金属のアクセサリーを身につける、物事にけじめをつける",
    care: "のどや呼吸器、肌の乾燥をいたわりましょう",
    dos: &[
        ("白やシルバーの物を身につける", "白色", 0),
        ("アクセサリーや時計を磨く", "アクセサリー", 0),
        ("机の上をすっきり片づける", "机", 0),
        ("背筋を伸ばして深呼吸する", "姿勢", 0),
    ],
    excess: ("白黒をはっきりつけすぎる", "白黒", 0),
};

const WATER: ElementText = ElementText {
    image: "しなやかな水の気",
    colors: "黒や紺、水色",
    direction: "北",
    actions: "水辺で過ごす、本を読む、しっかり休む",
    care: "冷えやむくみを防ぎ、体を温めることを心がけましょう",
    dos: &[
        ("ゆっくりお風呂につかる", "お風呂", 0),
        ("こまめに水を飲む", "水分", 0),
        ("黒や紺の物を身につける", "紺色", 0),
        ("水辺を散歩する", "水辺", OUT),
    ],
    excess: ("心配ごとを一人で抱え込む", "心配ごと", 0),
};

/// Seasons by the month branch: 0 spring (寅卯辰), 1 summer, 2 autumn, 3 winter.
#[must_use]
pub(crate) fn season_of_branch(branch: usize) -> usize {
    ((branch + 10) % 12) / 3
}

/// A season in a clause that qualifies `この時期` or `季節` (indexed by branch, 子 = 0).
pub(crate) const SEASON_PHRASES: [&str; 12] = [
    "寒さが本格的になる",
    "寒さがいちばん厳しい",
    "春の気配が芽生える",
    "春の花が咲きそろう",
    "春が深まり夏へ向かう",
    "初夏の風が吹く",
    "夏の日差しが強まる",
    "暑さがきわまる",
    "暦の上で秋が始まる",
    "秋が深まる",
    "実りの秋が終わりに近づく",
    "冬が始まる",
];

/// What the almanac item means, completing `今日は〇〇で、＿` (one clause ending in `。`).
#[must_use]
pub(crate) fn almanac_meaning(id: &str) -> &'static str {
    match id {
        "tensha" => "暦の上で最上の吉日とされています。",
        "ichiryu_manbai" => "始めたことが大きく育つとされています。",
        "daimyo" => "天地の道が開け、何事にもよいとされています。",
        "kinoe_ne" => "六十干支の始まりで、物事を始めるのによいとされています。",
        "tsuchinoto_mi" => "60日に一度の特別な巳の日で、金運や芸事に縁があるとされています。",
        "tora" => "金運や旅立ちによい日とされています。",
        "mi" => "弁財天にゆかりがあり、金運や芸事によいとされています。",
        "tenichi_tenjo" => "どの方角へ出かけても障りがないとされています。",
        "fujoju" => "物事が成就しにくいとされ、新しく始めることは控えたい日です。",
        "sanrinbo" => "建築にまつわることは避けるとされています。",
        "taian" => "何事にも縁起がよいとされています。",
        "butsumetsu" => "祝い事は控えめにする一方、区切りや仕切り直しにはよいとされています。",
        "sensho" => "午前中が吉とされています。",
        "senbu" => "急がず控えめに過ごし、午後が吉とされています。",
        "shakko" => "正午前後だけが吉とされています。",
        "tomobiki" => "朝夕が吉とされています。",
        "holiday" => "心と体を休めるのにぴったりです。",
        "sekki" => "季節の節目にあたる二十四節気の一つです。",
        "setsubun" => "季節の分かれ目で、邪気を払う日とされています。",
        "higan_iri" | "higan_chunichi" | "higan_ake" => "先祖をしのび、感謝を伝える時期です。",
        "doyo_iri" | "doyo_ake" => "季節の変わり目で、体をいたわりたい時期です。",
        "doyo_ushi" => "「う」のつく物を食べて精をつけるとよいとされています。",
        "hachijuhachiya" => "種まきや茶摘みの目安とされています。",
        "nyubai" => "暦の上での梅雨入りです。",
        "hangesho" => "田植えを終える目安とされています。",
        "nihyakutoka" | "nihyakuhatsuka" => "昔から台風に気をつける日とされてきました。",
        "shanichi" => "土地の守り神に参る日とされています。",
        _ => "暦の上で節目にあたります。",
    }
}

/// How much an almanac item matters to a reading (lower first): the 暦注 that change what to
/// do, then the seasonal days, then 六曜.
#[must_use]
pub(crate) fn almanac_rank(id: &str) -> u8 {
    const ORDER: [&str; 12] = [
        "fujoju",
        "tensha",
        "ichiryu_manbai",
        "kinoe_ne",
        "tsuchinoto_mi",
        "tora",
        "mi",
        "daimyo",
        "tenichi_tenjo",
        "holiday",
        "sekki",
        "setsubun",
    ];
    ORDER.iter().position(|x| *x == id).map_or_else(
        || match id {
            "sanrinbo" => 30,
            "taian" | "butsumetsu" | "sensho" | "senbu" | "shakko" | "tomobiki" => 40,
            _ => 20,
        },
        |i| i as u8,
    )
}

/// A day that favours starting or spending, which a 空亡 or 不成就日 day holds back.
#[must_use]
pub(crate) fn is_start_day(id: &str) -> bool {
    matches!(id, "tensha" | "ichiryu_manbai" | "kinoe_ne" | "daimyo" | "taian" | "tora" | "mi" | "tsuchinoto_mi")
}

/// 六曜 name → the engine's id.
#[must_use]
pub(crate) fn rokuyo_id(name: &str) -> Option<&'static str> {
    match name {
        "大安" => Some("taian"),
        "赤口" => Some("shakko"),
        "先勝" => Some("sensho"),
        "友引" => Some("tomobiki"),
        "先負" => Some("senbu"),
        "仏滅" => Some("butsumetsu"),
        _ => None,
    }
}

/// An almanac name without its parenthesised note (`土用の丑の日（二の丑）` → `土用の丑の日`).
#[must_use]
pub(crate) fn plain_name(name: &str) -> &str {
    name.split('（').next().unwrap_or(name).trim()
}
