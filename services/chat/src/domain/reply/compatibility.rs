//! The explanation under a compatibility card. It speaks of the other person only in relations and
//! elements: the score, the engine's summary, the strongest and the weakest factor by name, and the
//! engine's explanation of a factor only when that factor is about the day masters or the
//! elements (the stem and branch factors name the other person's pillars, which the card shows to
//! whom it may; the words never repeat them).

use super::super::{CompatibilityCard, Factor};
use super::{Reply, pick};

/// The factors whose explanation the words may quote (the engine's keys).
const QUOTED: [&str; 2] = ["dayMaster", "elements"];

fn quote_detail(reply: &mut Reply, factor: &Factor) {
    if QUOTED.contains(&factor.key.as_str()) {
        reply.quote(&factor.detail);
    }
}

/// The explanation under a compatibility card: the score, the summary, the strongest and the
/// weakest factor, and advice by the score's band (never a certainty).
#[must_use]
pub fn compatibility_text(name: &str, card: &CompatibilityCard, seed: u64) -> String {
    let mut reply = Reply::default();
    reply.say(format!("{name}との相性は{}点です。", card.score));
    reply.quote(&card.summary);
    let best = card.factors.iter().max_by_key(|f| f.score);
    let worst = card.factors.iter().min_by_key(|f| f.score);
    // The engine's summary may already name them; each is said once.
    if let Some(best) = best {
        if !card.summary.contains(best.label.as_str()) {
            reply.say(format!("いちばんの強みは「{}」です。", best.label));
        }
        quote_detail(&mut reply, best);
    }
    if let (Some(worst), Some(best)) = (worst, best)
        && worst.key != best.key
    {
        if !card.summary.contains(worst.label.as_str()) {
            reply.say(format!("「{}」は少し気をつけたいところです。", worst.label));
        }
        quote_detail(&mut reply, worst);
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
    reply.say(pick(band, seed, 5));
    reply.say("相性はあくまで目安なので、ふたりで過ごす時間を大切にしてくださいね。");
    reply.text()
}

#[cfg(test)]
mod tests {
    use super::super::sentences_end;
    use super::*;

    fn card() -> CompatibilityCard {
        CompatibilityCard {
            request_id: uuid::Uuid::nil(),
            score: 72,
            summary: "おだやかな相性".to_owned(),
            factors: vec![
                Factor {
                    key: "dayMaster".into(),
                    label: "日主どうしの関係".into(),
                    score: 90,
                    detail: "あなたの日主甲（木）がお相手の日主丙（火）を生じる".into(),
                },
                Factor {
                    key: "branches".into(),
                    label: "地支の関係（日支・年支）".into(),
                    score: 40,
                    detail: "あなたの日支子とお相手の年支午が冲".into(),
                },
            ],
            target: super::super::super::target::TargetJson {
                birth_date: "1990-05-03".into(),
                birth_time: None,
                birth_location: None,
                gender: "male".into(),
                label: Some("彼".into()),
            },
        }
    }

    #[test]
    fn the_explanation_names_score_strength_and_weakness_in_whole_sentences() {
        let text = compatibility_text("彼", &card(), 1);
        assert!(text.starts_with("彼との相性は72点です。おだやかな相性。"), "{text}");
        assert!(
            text.contains(
                "いちばんの強みは「日主どうしの関係」です。あなたの日主甲（木）がお相手の日主丙（火）を生じる。"
            ),
            "{text}"
        );
        assert!(text.contains("「地支の関係（日支・年支）」は少し気をつけたいところです。"), "{text}");
        assert!(text.contains("あくまで目安"), "{text}");
        sentences_end(&text);
    }

    #[test]
    fn a_factor_the_summary_names_is_not_named_again() {
        let card = CompatibilityCard {
            summary: "特に「日主どうしの関係」が良好です。".to_owned(), ..card()
        };
        let text = compatibility_text("彼", &card, 1);
        assert_eq!(text.matches("日主どうしの関係").count(), 1, "{text}");
        assert!(text.contains("「地支の関係（日支・年支）」は少し気をつけたいところです。"), "{text}");
    }

    #[test]
    fn the_other_persons_stems_and_branches_are_not_repeated() {
        let text = compatibility_text("彼", &card(), 2);
        assert!(!text.contains("年支午"), "{text}");
        assert!(!text.contains("日支子"), "{text}");
    }
}
