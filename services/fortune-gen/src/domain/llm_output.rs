//! What an LLM answer must look like to be shown; anything else falls back to the built-in text.
//!
//! Daily: a JSON object `{"lines": [...], "dos": [...], "donts": [...]}` (a Markdown code fence
//! around it is tolerated): 1–2 lines of at most [`MAX_LINE_CHARS`] characters without `|` or a
//! line break, none of them among the last 30 days' lines; 3–5 dos and 3–5 don'ts of at most
//! [`MAX_ITEM_CHARS`] characters each, no duplicates; every text Japanese ([`is_japanese`]).
//!
//! Report: `{"title": "...", "sections": [{"heading": "...", "body": "..."}]}` with a title of at
//! most 60 characters, 1–8 sections, headings of at most 40 and bodies of at most 2,000
//! characters, all Japanese.

use std::collections::BTreeSet;

use serde::Deserialize;

pub const MAX_LINE_CHARS: usize = 80;
pub const MAX_ITEM_CHARS: usize = 60;
const MAX_TITLE_CHARS: usize = 60;
const MAX_HEADING_CHARS: usize = 40;
const MAX_BODY_CHARS: usize = 2000;
const MAX_SECTIONS: usize = 8;

/// Why an answer was refused (the metric label `reason="invalid"` covers them all; the variant
/// goes to the debug log).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Rejected {
    #[error("not the JSON object asked for")]
    NotJson,
    #[error("wrong number of lines")]
    LineCount,
    #[error("a line is empty, too long or contains | or a line break")]
    LineShape,
    #[error("a line was shown in the last 30 days")]
    Repeated,
    #[error("wrong number of dos or don'ts")]
    ItemCount,
    #[error("a do or don't is empty, too long, repeated or contains |")]
    ItemShape,
    #[error("a text is not Japanese")]
    NotJapanese,
    #[error("title or sections out of shape")]
    ReportShape,
}

/// The texts of a daily reading an LLM wrote.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct DailyText {
    pub lines: Vec<String>,
    pub dos: Vec<String>,
    pub donts: Vec<String>,
}

/// A report an LLM wrote.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct ReportText {
    pub title: String,
    pub sections: Vec<ReportSectionText>,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct ReportSectionText {
    pub heading: String,
    pub body: String,
}

fn is_kana_or_kanji(c: char) -> bool {
    matches!(c, '\u{3040}'..='\u{30FF}' | '\u{3400}'..='\u{4DBF}' | '\u{4E00}'..='\u{9FFF}' | '\u{F900}'..='\u{FAFF}')
}

/// Japanese enough to show: at least one kana or kanji, and Latin letters at most a third of the
/// characters (a brand name or "LINE" may appear; an English sentence may not).
#[must_use]
pub fn is_japanese(text: &str) -> bool {
    let total = text.chars().filter(|c| !c.is_whitespace()).count();
    let latin = text.chars().filter(char::is_ascii_alphabetic).count();
    text.chars().any(is_kana_or_kanji) && latin * 3 <= total
}

fn strip_fence(raw: &str) -> &str {
    let t = raw.trim();
    let Some(rest) = t.strip_prefix("```") else { return t };
    let body = rest.split_once('\n').map_or("", |(_, b)| b);
    body.trim_end().strip_suffix("```").unwrap_or(body).trim()
}

fn chars(s: &str) -> usize {
    s.chars().count()
}

fn check_items(items: &[String]) -> Result<(), Rejected> {
    if !(3..=5).contains(&items.len()) {
        return Err(Rejected::ItemCount);
    }
    let unique: BTreeSet<&str> = items.iter().map(String::as_str).collect();
    if unique.len() != items.len() {
        return Err(Rejected::ItemShape);
    }
    for item in items {
        if item.is_empty() || chars(item) > MAX_ITEM_CHARS || item.contains(['|', '\n', '\r']) {
            return Err(Rejected::ItemShape);
        }
        if !is_japanese(item) {
            return Err(Rejected::NotJapanese);
        }
    }
    Ok(())
}

/// Parses and checks an LLM's daily reading. Texts are trimmed first.
///
/// # Errors
/// The first rule the answer breaks.
pub fn parse_daily(raw: &str, recent_lines: &BTreeSet<String>) -> Result<DailyText, Rejected> {
    let parsed: DailyText = serde_json::from_str(strip_fence(raw)).map_err(|_| Rejected::NotJson)?;
    let trim = |v: Vec<String>| v.into_iter().map(|s| s.trim().to_owned()).collect::<Vec<_>>();
    let text = DailyText { lines: trim(parsed.lines), dos: trim(parsed.dos), donts: trim(parsed.donts) };
    if !(1..=2).contains(&text.lines.len()) {
        return Err(Rejected::LineCount);
    }
    for line in &text.lines {
        if line.is_empty() || chars(line) > MAX_LINE_CHARS || line.contains(['|', '\n', '\r']) {
            return Err(Rejected::LineShape);
        }
        if !is_japanese(line) {
            return Err(Rejected::NotJapanese);
        }
        if recent_lines.contains(line) {
            return Err(Rejected::Repeated);
        }
    }
    check_items(&text.dos)?;
    check_items(&text.donts)?;
    Ok(text)
}

/// Parses and checks an LLM's report.
///
/// # Errors
/// The first rule the answer breaks.
pub fn parse_report(raw: &str) -> Result<ReportText, Rejected> {
    let parsed: ReportText = serde_json::from_str(strip_fence(raw)).map_err(|_| Rejected::NotJson)?;
    let title = parsed.title.trim().to_owned();
    if title.is_empty() || chars(&title) > MAX_TITLE_CHARS || !(1..=MAX_SECTIONS).contains(&parsed.sections.len()) {
        return Err(Rejected::ReportShape);
    }
    let mut sections = Vec::with_capacity(parsed.sections.len());
    for s in parsed.sections {
        let (heading, body) = (s.heading.trim().to_owned(), s.body.trim().to_owned());
        if heading.is_empty() || body.is_empty() || chars(&heading) > MAX_HEADING_CHARS || chars(&body) > MAX_BODY_CHARS
        {
            return Err(Rejected::ReportShape);
        }
        if !is_japanese(&heading) || !is_japanese(&body) {
            return Err(Rejected::NotJapanese);
        }
        sections.push(ReportSectionText { heading, body });
    }
    if !is_japanese(&title) {
        return Err(Rejected::NotJapanese);
    }
    Ok(ReportText { title, sections })
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r#"{"lines": ["今日は素直な気持ちが追い風になります。", "小さな約束を大切に。"],
        "dos": ["朝の散歩", "感謝を言葉にする", "机の整理"],
        "donts": ["夜更かし", "衝動買い", "人の噂話"]}"#;

    #[test]
    fn a_well_formed_answer_is_taken_trimmed() {
        let t = parse_daily(GOOD, &BTreeSet::new()).expect("valid");
        assert_eq!(t.lines.len(), 2);
        assert_eq!(t.dos[0], "朝の散歩");
        let fenced = format!("```json\n{GOOD}\n```");
        assert_eq!(parse_daily(&fenced, &BTreeSet::new()), Ok(t));
    }

    #[test]
    fn broken_answers_are_refused_with_their_reason() {
        let none = BTreeSet::new();
        assert_eq!(parse_daily("I'm sorry, I can't", &none), Err(Rejected::NotJson));
        assert_eq!(parse_daily(r#"{"lines": []}"#, &none), Err(Rejected::NotJson));
        let with = |lines: &str, dos: &str| {
            format!(r#"{{"lines": {lines}, "dos": {dos}, "donts": ["夜更かし", "衝動買い", "噂話"]}}"#)
        };
        let dos = r#"["散歩", "読書", "早寝"]"#;
        assert_eq!(parse_daily(&with("[]", dos), &none), Err(Rejected::LineCount));
        assert_eq!(parse_daily(&with(r#"["一", "二", "三"]"#, dos), &none), Err(Rejected::LineCount));
        assert_eq!(parse_daily(&with(r#"["前半|後半"]"#, dos), &none), Err(Rejected::LineShape));
        let long = format!(r#"["{}"]"#, "あ".repeat(81));
        assert_eq!(parse_daily(&with(&long, dos), &none), Err(Rejected::LineShape));
        assert_eq!(parse_daily(&with(r#"["Have a nice day today!"]"#, dos), &none), Err(Rejected::NotJapanese));
        assert_eq!(parse_daily(&with(r#"["良い日"]"#, r#"["散歩", "読書"]"#), &none), Err(Rejected::ItemCount));
        assert_eq!(parse_daily(&with(r#"["良い日"]"#, r#"["散歩", "散歩", "読書"]"#), &none), Err(Rejected::ItemShape));
        let seen: BTreeSet<String> = ["良い日".to_owned()].into();
        assert_eq!(parse_daily(&with(r#"["良い日"]"#, dos), &seen), Err(Rejected::Repeated));
    }

    #[test]
    fn japanese_allows_a_little_latin() {
        assert!(is_japanese("LINEで連絡してみましょう"));
        assert!(!is_japanese("Take a walk"));
        assert!(!is_japanese("123"));
    }

    #[test]
    fn reports_need_a_title_and_japanese_sections() {
        let ok = r#"{"title": "2027年の流れ", "sections": [{"heading": "全体運", "body": "穏やかな一年です。\n\n準備の年。"}]}"#;
        assert_eq!(parse_report(ok).map(|r| r.sections.len()), Ok(1));
        assert_eq!(parse_report(r#"{"title": "", "sections": []}"#), Err(Rejected::ReportShape));
        let english = r#"{"title": "Your year", "sections": [{"heading": "Overall", "body": "Calm."}]}"#;
        assert_eq!(parse_report(english), Err(Rejected::NotJapanese));
    }
}
