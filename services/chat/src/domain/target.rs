//! The other person of a compatibility question: parsed from the request's structured target, or
//! found by the built-in parser in the message's text (a birth date, in one of the usual Japanese
//! ways to write one, and a gender word).

use chrono::{Datelike as _, NaiveDate};
use serde::{Deserialize, Serialize};

use super::crisis::normalize;

/// The other person's gender (required: the engine's luck direction depends on it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gender {
    Male,
    Female,
}

impl Gender {
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Male => "male",
            Self::Female => "female",
        }
    }

    #[must_use]
    pub fn parse(raw: &str) -> Option<Self> {
        match raw {
            "male" => Some(Self::Male),
            "female" => Some(Self::Female),
            _ => None,
        }
    }
}

/// A target's fields, each checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompatibilityTarget {
    pub birth_date: NaiveDate,
    /// `HH:MM`.
    pub birth_time: Option<String>,
    pub birth_location: Option<String>,
    pub gender: Gender,
    /// How the user calls them ("彼", "母"), at most 20 characters.
    pub label: Option<String>,
}

/// The target in the spec's JSON shape (inside a compatibility part).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TargetJson {
    pub birth_date: String,
    pub birth_time: Option<String>,
    pub birth_location: Option<String>,
    pub gender: String,
    pub label: Option<String>,
}

/// The dates the engine computes (as bazi-engine's BirthInput).
const FIRST_YEAR: i32 = 1900;
const LAST_YEAR: i32 = 2100;
const MAX_LABEL: usize = 20;
const MAX_LOCATION: usize = 100;

/// A target with a field that is wrong (INVALID_COMPATIBILITY_TARGET).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InvalidTarget;

/// The target's raw fields, as the request carries them.
#[derive(Clone, Debug, Default)]
pub struct RawTarget<'a> {
    pub birth_date: &'a str,
    pub birth_time: Option<&'a str>,
    pub birth_location: Option<&'a str>,
    pub gender: Option<Gender>,
    pub label: Option<&'a str>,
}

/// A text that is blank is absent.
fn present(value: Option<&str>) -> Option<&str> {
    value.map(str::trim).filter(|v| !v.is_empty())
}

impl CompatibilityTarget {
    /// Checks every field: a real date 1900..=2100 (`YYYY-MM-DD`), a gender, a time `HH:MM`
    /// when given, a place of at most 100 and a label of at most 20 characters.
    ///
    /// # Errors
    /// [`InvalidTarget`] when any field is wrong.
    pub fn parse(raw: &RawTarget<'_>) -> Result<Self, InvalidTarget> {
        let birth_date = NaiveDate::parse_from_str(raw.birth_date.trim(), "%Y-%m-%d").map_err(|_| InvalidTarget)?;
        if !(FIRST_YEAR..=LAST_YEAR).contains(&birth_date.year()) {
            return Err(InvalidTarget);
        }
        let gender = raw.gender.ok_or(InvalidTarget)?;
        let birth_time = match present(raw.birth_time) {
            Some(t) => Some(time(t).ok_or(InvalidTarget)?),
            None => None,
        };
        let birth_location = present(raw.birth_location).map(str::to_owned);
        if birth_location.as_ref().is_some_and(|l| l.chars().count() > MAX_LOCATION) {
            return Err(InvalidTarget);
        }
        let label = present(raw.label).map(str::to_owned);
        if label.as_ref().is_some_and(|l| l.chars().count() > MAX_LABEL) {
            return Err(InvalidTarget);
        }
        Ok(Self { birth_date, birth_time, birth_location, gender, label })
    }

    #[must_use]
    pub fn to_json(&self) -> TargetJson {
        TargetJson {
            birth_date: self.birth_date.to_string(),
            birth_time: self.birth_time.clone(),
            birth_location: self.birth_location.clone(),
            gender: self.gender.as_str().to_owned(),
            label: self.label.clone(),
        }
    }

    /// How the reply names them: the label, else お相手.
    #[must_use]
    pub fn name(&self) -> &str {
        self.label.as_deref().unwrap_or("お相手")
    }
}

/// `H:MM` or `HH:MM` (00:00..=23:59) as `HH:MM`.
fn time(raw: &str) -> Option<String> {
    let (h, m) = raw.split_once(':')?;
    let (h, m): (u32, u32) = (h.parse().ok()?, m.parse().ok()?);
    (h < 24 && m < 60 && raw.len() <= 5).then(|| format!("{h:02}:{m:02}"))
}

/// What the built-in parser found in a message's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// A birth date and a gender: a compatibility question.
    Target(CompatibilityTarget),
    /// A birth date without a gender: the reply asks for it.
    DateWithoutGender(NaiveDate),
    Nothing,
}

/// Looks for a birth date (`1990年5月3日`, `1990/5/3`, `1990-05-03`, `平成2年5月3日`, full-width
/// digits too) and a gender word (男性/女性, 彼/彼女, 夫/妻, 息子/娘…) in `text`.
#[must_use]
pub fn find(text: &str) -> Found {
    let normalized = normalize(text);
    let Some(date) = find_date(&normalized) else { return Found::Nothing };
    match find_gender(&normalized) {
        Some((gender, label)) => Found::Target(CompatibilityTarget {
            birth_date: date,
            birth_time: None,
            birth_location: None,
            gender,
            label: label.map(str::to_owned),
        }),
        None => Found::DateWithoutGender(date),
    }
}

/// The Japanese eras a birth date may be written in, with their first year.
const ERAS: [(&str, i32); 4] = [("令和", 2019), ("平成", 1989), ("昭和", 1926), ("大正", 1912)];

/// The numbers in `s` after `start`, each with the separator that follows it.
fn numbers_from(s: &str) -> Vec<(u32, char)> {
    let mut out = Vec::new();
    let mut current: Option<u32> = None;
    for c in s.chars() {
        if let Some(d) = c.to_digit(10) {
            current = Some(current.unwrap_or(0).saturating_mul(10).saturating_add(d));
        } else {
            match current.take() {
                Some(n) => out.push((n, c)),
                None => break,
            }
            if out.len() == 3 {
                break;
            }
        }
    }
    if let Some(n) = current {
        out.push((n, ' '));
    }
    out
}

fn date_of(year: i32, month: u32, day: u32) -> Option<NaiveDate> {
    NaiveDate::from_ymd_opt(year, month, day).filter(|d| (FIRST_YEAR..=LAST_YEAR).contains(&d.year()))
}

fn find_date(s: &str) -> Option<NaiveDate> {
    for (era, first) in ERAS {
        if let Some(at) = s.find(era) {
            let rest = s[at + era.len()..].replacen("元年", "1年", 1);
            if let [(y, '年'), (m, '月'), (d, _)] = numbers_from(&rest)[..] {
                let year = first + i32::try_from(y).ok()? - 1;
                if let Some(date) = date_of(year, m, d) {
                    return Some(date);
                }
            }
        }
    }
    let chars: Vec<(usize, char)> = s.char_indices().collect();
    for (i, &(at, c)) in chars.iter().enumerate() {
        let starts_number = c.is_ascii_digit() && (i == 0 || !chars[i - 1].1.is_ascii_digit());
        if !starts_number {
            continue;
        }
        let parts = numbers_from(&s[at..]);
        let date = match parts[..] {
            [(y, '年'), (m, '月'), (d, _)]
            | [(y, '/'), (m, '/'), (d, _)]
            | [(y, '-'), (m, '-'), (d, _)]
            | [(y, '.'), (m, '.'), (d, _)]
                if y >= 1000 =>
            {
                date_of(i32::try_from(y).ok()?, m, d)
            }
            _ => None,
        };
        if date.is_some() {
            return date;
        }
    }
    None
}

/// Gender words, longest first (彼女 before 彼), with the label the reply may use.
const GENDER_WORDS: [(&str, Gender, Option<&str>); 22] = [
    ("彼女", Gender::Female, Some("彼女")),
    ("女性", Gender::Female, None),
    ("女の子", Gender::Female, None),
    ("女子", Gender::Female, None),
    ("奥さん", Gender::Female, Some("奥さん")),
    ("妻", Gender::Female, Some("奥さん")),
    ("母", Gender::Female, Some("お母さん")),
    ("娘", Gender::Female, Some("娘さん")),
    ("姉", Gender::Female, Some("お姉さん")),
    ("妹", Gender::Female, Some("妹さん")),
    ("女", Gender::Female, None),
    ("彼氏", Gender::Male, Some("彼氏")),
    ("男性", Gender::Male, None),
    ("男の子", Gender::Male, None),
    ("男子", Gender::Male, None),
    ("旦那", Gender::Male, Some("旦那さん")),
    ("夫", Gender::Male, Some("旦那さん")),
    ("父", Gender::Male, Some("お父さん")),
    ("息子", Gender::Male, Some("息子さん")),
    ("兄", Gender::Male, Some("お兄さん")),
    ("弟", Gender::Male, Some("弟さん")),
    ("彼", Gender::Male, Some("彼")),
];

fn find_gender(s: &str) -> Option<(Gender, Option<&'static str>)> {
    // The earliest word wins ("彼女と彼の…" is about 彼女); at one position the longest.
    GENDER_WORDS
        .iter()
        .filter_map(|(word, gender, label)| s.find(word).map(|at| (at, std::cmp::Reverse(word.len()), *gender, *label)))
        .min_by_key(|(at, len, _, _)| (*at, *len))
        .map(|(_, _, gender, label)| (gender, label))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).expect("a date")
    }

    #[test]
    fn a_structured_target_needs_a_real_date_and_a_gender() {
        let ok = RawTarget {
            birth_date: "1990-05-03",
            birth_time: Some("7:05"),
            birth_location: Some(" 大阪 "),
            gender: Some(Gender::Female),
            label: Some("彼女"),
        };
        let target = CompatibilityTarget::parse(&ok).expect("valid");
        assert_eq!(target.birth_date, day(1990, 5, 3));
        assert_eq!(target.birth_time.as_deref(), Some("07:05"));
        assert_eq!(target.birth_location.as_deref(), Some("大阪"));
        assert_eq!(target.name(), "彼女");
        let blank = RawTarget { birth_time: Some(" "), label: Some(""), ..ok.clone() };
        let target = CompatibilityTarget::parse(&blank).expect("blank optional fields are absent");
        assert_eq!((target.birth_time.as_deref(), target.name()), (None, "お相手"));

        for bad in [
            RawTarget { birth_date: "1990-02-30", ..ok.clone() },
            RawTarget { birth_date: "1899-12-31", ..ok.clone() },
            RawTarget { birth_date: "1990/05/03", ..ok.clone() },
            RawTarget { gender: None, ..ok.clone() },
            RawTarget { birth_time: Some("25:00"), ..ok.clone() },
            RawTarget { birth_time: Some("noon"), ..ok.clone() },
            RawTarget {
                label: Some("とてもとてもとてもとても長い呼び方の相手さんです"), ..ok.clone()
            },
        ] {
            assert_eq!(CompatibilityTarget::parse(&bad), Err(InvalidTarget), "{bad:?}");
        }
    }

    #[test]
    fn the_parser_reads_the_usual_ways_to_write_a_birth_date() {
        for text in [
            "1990年5月3日生まれの彼との相性は?",
            "彼は1990/5/3生まれです",
            "1990-05-03生まれの彼",
            "平成2年5月3日生まれの彼",
            "１９９０年５月３日の男性",
        ] {
            match find(text) {
                Found::Target(t) => {
                    assert_eq!(t.birth_date, day(1990, 5, 3), "{text}");
                    assert_eq!(t.gender, Gender::Male, "{text}");
                }
                other => panic!("{text}: {other:?}"),
            }
        }
        assert!(
            matches!(find("昭和64年1月7日生まれの母"), Found::Target(t) if t.birth_date == day(1989, 1, 7) && t.gender == Gender::Female)
        );
        assert!(matches!(find("令和元年5月1日生まれの娘"), Found::Target(t) if t.birth_date == day(2019, 5, 1)));
    }

    #[test]
    fn the_earliest_gender_word_wins_and_names_the_target() {
        assert!(
            matches!(find("2000年1月2日生まれの彼女"), Found::Target(t) if t.gender == Gender::Female && t.label.as_deref() == Some("彼女"))
        );
        assert!(
            matches!(find("2000年1月2日生まれの彼"), Found::Target(t) if t.gender == Gender::Male && t.label.as_deref() == Some("彼"))
        );
        assert!(
            matches!(find("1985/12/24の女性"), Found::Target(t) if t.gender == Gender::Female && t.label.is_none())
        );
    }

    #[test]
    fn a_date_without_a_gender_is_told_apart_and_no_date_is_nothing() {
        assert_eq!(find("1990年5月3日生まれの人との相性"), Found::DateWithoutGender(day(1990, 5, 3)));
        assert_eq!(find("彼との相性を見て"), Found::Nothing);
        assert_eq!(find("5月3日の彼"), Found::Nothing);
        assert_eq!(find("1990年2月30日の彼"), Found::Nothing);
    }
}
