//! The bounded conversation memory: the last [`RECENT_TURNS`] turns verbatim, and a rolling
//! summary of the older ones (at most [`SUMMARY_MAX_CHARS`] characters: the oldest lines go
//! first), so what a reply is written from never grows with the history.

use chrono::{DateTime, Utc};

use super::intent::{Intent, detect};

/// Turns kept verbatim.
pub const RECENT_TURNS: usize = 6;
/// The summary's largest size, in characters.
pub const SUMMARY_MAX_CHARS: usize = 400;
/// How much of an older message a summary line keeps.
const SNIPPET_CHARS: usize = 24;

/// One exchange: the user's message and the mascot's reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    pub message: String,
    pub response: String,
    pub at: DateTime<Utc>,
}

/// What a reply is written from, besides the message.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Memory {
    /// The older turns, summarised (`None` before there are any).
    pub summary: Option<String>,
    /// The recent turns, oldest first.
    pub recent: Vec<Turn>,
}

impl Memory {
    /// The topic of the latest turn, if any.
    #[must_use]
    pub fn last_topic(&self) -> Option<Intent> {
        self.recent.last().map(|t| detect(&t.message))
    }

    /// Whether `intent` was talked about in the recent turns or the summary.
    #[must_use]
    pub fn talked_about(&self, intent: Intent) -> bool {
        self.recent.iter().any(|t| detect(&t.message) == intent)
            || self.summary.as_deref().is_some_and(|s| s.contains(&format!("{}の話", intent.topic())))
    }
}

fn snippet(text: &str) -> String {
    let one_line: String = text.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    let mut out: String = one_line.chars().take(SNIPPET_CHARS).collect();
    if one_line.chars().count() > SNIPPET_CHARS {
        out.push('…');
    }
    out
}

/// The summary after `older` turns (oldest first) leave the recent window: one line per turn
/// (date, topic, the start of the message) after the previous summary's lines, the oldest lines
/// dropped until it fits [`SUMMARY_MAX_CHARS`].
#[must_use]
pub fn fold(summary: Option<&str>, older: &[Turn]) -> String {
    let mut lines: Vec<String> = summary.map(|s| s.lines().map(str::to_owned).collect()).unwrap_or_default();
    for turn in older {
        let topic = detect(&turn.message).topic();
        lines.push(format!("・{} {}の話「{}」", turn.at.format("%m/%d"), topic, snippet(&turn.message)));
    }
    while lines.len() > 1 && lines.iter().map(|l| l.chars().count() + 1).sum::<usize>() > SUMMARY_MAX_CHARS {
        lines.remove(0);
    }
    let joined = lines.join("\n");
    joined.chars().take(SUMMARY_MAX_CHARS).collect()
}

/// Of `turns` not yet summarised (oldest first), those that leave the recent window.
#[must_use]
pub fn overflow(turns: &[Turn]) -> &[Turn] {
    &turns[..turns.len().saturating_sub(RECENT_TURNS)]
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone as _;

    use super::*;

    fn turn(message: &str, day: u32) -> Turn {
        Turn {
            message: message.to_owned(),
            response: "うん".to_owned(),
            at: Utc.with_ymd_and_hms(2026, 11, day, 3, 0, 0).single().expect("a time"),
        }
    }

    #[test]
    fn only_turns_beyond_the_recent_six_are_folded() {
        let turns: Vec<Turn> = (1..=8).map(|d| turn("今日の運勢は?", d)).collect();
        assert_eq!(overflow(&turns).len(), 2);
        assert!(overflow(&turns[..6]).is_empty());
    }

    #[test]
    fn the_summary_names_the_topics_and_stays_bounded() {
        let summary = fold(None, &[turn("彼氏とケンカしちゃった", 1), turn("転職したい", 2)]);
        assert_eq!(summary, "・11/01 恋愛の話「彼氏とケンカしちゃった」\n・11/02 仕事の話「転職したい」");
        let long = "とても長い相談の文章がここに続きます。".repeat(5);
        let mut s = summary;
        for day in 1..=28 {
            s = fold(Some(&s), &[turn(&long, day)]);
            assert!(s.chars().count() <= SUMMARY_MAX_CHARS);
        }
        assert!(s.ends_with("…」"), "the newest line stays: {s}");
        assert!(!s.contains("彼氏"), "the oldest lines went first");
    }

    #[test]
    fn the_memory_knows_what_was_talked_about() {
        let memory = Memory {
            summary: Some(fold(None, &[turn("金運を知りたい", 1)])),
            recent: vec![turn("好きな人がいるの", 2)],
        };
        assert_eq!(memory.last_topic(), Some(Intent::Love));
        assert!(memory.talked_about(Intent::Money));
        assert!(memory.talked_about(Intent::Love));
        assert!(!memory.talked_about(Intent::Work));
    }
}
