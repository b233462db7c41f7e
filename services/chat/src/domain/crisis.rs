//! Talk of self-harm: detected after normalising width and kana, answered with caring words and
//! Japanese help lines, and never charged (not even at a balance of 0).

use unicode_normalization::UnicodeNormalization as _;

/// NFKC (full-width letters and digits, half-width kana), katakana as hiragana, lower case, no
/// white space: the form every keyword check compares.
#[must_use]
pub fn normalize(text: &str) -> String {
    text.nfkc()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c {
            'ァ'..='ヶ' => char::from_u32(c as u32 - 0x60).unwrap_or(c),
            _ => c.to_ascii_lowercase(),
        })
        .collect()
}

/// Words of self-harm, in [`normalize`]d form.
const CRISIS_WORDS: [&str; 22] = [
    "死にたい",
    "しにたい",
    "死んでしまいたい",
    "死のうかな",
    "死のうと思",
    "消えたい",
    "きえたい",
    "消えてしまいたい",
    "自殺",
    "自傷",
    "りすか",
    "りすとかっと",
    "生きていたくない",
    "いきていたくない",
    "生きるのがつらい",
    "生きるのが辛い",
    "首を吊",
    "首をつ",
    "飛び降り",
    "おーばーどーず",
    "suicide",
    "killmyself",
];

/// Whether `text` speaks of self-harm.
#[must_use]
pub fn is_crisis(text: &str) -> bool {
    let normalized = normalize(text);
    CRISIS_WORDS.iter().any(|w| normalized.contains(w))
}

/// The free answer to a crisis message: caring words and where to get help now.
#[must_use]
pub fn crisis_reply() -> String {
    [
        "話してくれてありがとうございます。とてもつらい気持ちを抱えているのですね。ボクはあなたのことが大切です。",
        "ひとりで抱え込まずに、今の気持ちを専門の相談窓口の人に聞いてもらってください。",
        "・いのちの電話 0570-783-556（ナビダイヤル）",
        "・よりそいホットライン 0120-279-338（24時間・無料）",
        "・こころの健康相談統一ダイヤル 0570-064-556",
        "緊急の場合は119番へ電話してください。",
        "ボクもここにいます。よかったら、いまの気持ちをもう少し聞かせてくださいね。",
    ]
    .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalising_folds_width_kana_and_case() {
        assert_eq!(normalize("ﾘｽｶ した"), "りすかした");
        assert_eq!(normalize("ＡＢＣ１２３"), "abc123");
        assert_eq!(normalize("オーバードーズ"), "おーばーどーず");
    }

    #[test]
    fn self_harm_is_detected_whatever_the_width_or_kana() {
        for text in [
            "もう死にたい",
            "消えたい…",
            "シニタイ",
            "ﾘｽｶしちゃった",
            "リスカがやめられない",
            "自殺を考えてる",
            "自傷してしまう",
            "生きて いたくない",
            "I want to kill myself",
        ] {
            assert!(is_crisis(text), "{text}");
        }
        for text in ["今日の運勢は?", "仕事で死ぬほど忙しい", "彼との相性を教えて", "消しゴムをなくした"]
        {
            assert!(!is_crisis(text), "{text}");
        }
    }

    #[test]
    fn the_crisis_answer_carries_every_help_line() {
        let reply = crisis_reply();
        for line in [
            "いのちの電話 0570-783-556（ナビダイヤル）",
            "よりそいホットライン 0120-279-338（24時間・無料）",
            "こころの健康相談統一ダイヤル 0570-064-556",
            "緊急の場合は119番へ",
        ] {
            assert!(reply.contains(line), "{line}");
        }
    }
}
