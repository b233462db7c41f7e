//! Runs every case of `vectors.json`, the file the frontend's `lib/username.test.ts` runs too.

use meguri_username::{CONFUSABLE_CHARS, CONFUSABLE_SEQUENCES, Username, UsernameError, mentions, skeleton};
use serde::Deserialize;

#[derive(Deserialize)]
struct Vectors {
    valid: Vec<Valid>,
    invalid: Vec<Invalid>,
    same_name: Vec<(String, String)>,
    lookalikes: Vec<Pair>,
    distinct: Vec<(String, String)>,
    mentions: Vec<MentionCase>,
}

#[derive(Deserialize)]
struct Valid {
    raw: String,
    normalized: String,
    skeleton: String,
}

#[derive(Deserialize)]
struct Invalid {
    raw: String,
    reason: String,
    #[serde(rename = "char")]
    character: Option<String>,
}

#[derive(Deserialize)]
struct Pair {
    a: String,
    b: String,
}

#[derive(Deserialize)]
struct MentionCase {
    text: String,
    mentions: Vec<Expected>,
}

#[derive(Deserialize)]
struct Expected {
    written: String,
    candidates: Vec<String>,
}

fn vectors() -> Vectors {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/vectors.json");
    let text = std::fs::read_to_string(path).expect("vectors.json is readable");
    serde_json::from_str(&text).expect("vectors.json has the expected shape")
}

fn parse(raw: &str) -> Username {
    Username::parse(raw).unwrap_or_else(|e| panic!("{raw:?} should be valid: {e}"))
}

#[test]
fn every_valid_vector_parses_to_its_normalized_form_and_skeleton() {
    let vectors = vectors();
    assert!(vectors.valid.len() >= 20);
    for case in &vectors.valid {
        let name = parse(&case.raw);
        assert_eq!(name.as_str(), case.normalized, "normalized form of {:?}", case.raw);
        assert_eq!(name.skeleton(), case.skeleton, "skeleton of {:?}", case.raw);
        assert_eq!(skeleton(&case.raw), case.skeleton, "skeleton of the raw {:?}", case.raw);
    }
}

#[test]
fn every_invalid_vector_is_refused_for_its_reason() {
    for case in vectors().invalid {
        let error = Username::parse(&case.raw).expect_err(&case.raw);
        assert_eq!(error.reason(), case.reason, "{:?}", case.raw);
        match (error, case.character) {
            (UsernameError::Character(c), Some(expected)) => assert_eq!(c.to_string(), expected, "{:?}", case.raw),
            (UsernameError::Character(c), None) => panic!("{:?}: vector names no character, got {c:?}", case.raw),
            (_, Some(expected)) => panic!("{:?}: vector names {expected:?} for a {error:?}", case.raw),
            (_, None) => {}
        }
    }
}

#[test]
fn same_names_are_one_name_and_look_alike() {
    for (a, b) in vectors().same_name {
        assert!(parse(&a).is_same_name(&b), "{a} / {b}");
        assert_eq!(parse(&a).skeleton(), parse(&b).skeleton(), "{a} / {b}");
    }
}

#[test]
fn look_alikes_share_a_skeleton_and_are_different_names() {
    for Pair { a, b } in vectors().lookalikes {
        let (x, y) = (parse(&a), parse(&b));
        assert_eq!(x.skeleton(), y.skeleton(), "{a} / {b}");
        assert!(!x.is_same_name(&b), "{a} / {b} are one name, not look-alikes");
    }
}

#[test]
fn distinct_names_keep_their_own_skeletons() {
    for (a, b) in vectors().distinct {
        assert_ne!(parse(&a).skeleton(), parse(&b).skeleton(), "{a} / {b}");
    }
}

#[test]
fn every_folding_has_a_look_alike_vector_so_the_frontend_checks_it_too() {
    let pairs = vectors().lookalikes;
    let covered = |from: &str, to: &str| {
        pairs.iter().any(|p| (p.a.contains(from) && p.b.contains(to)) || (p.b.contains(from) && p.a.contains(to)))
    };
    for (from, to) in CONFUSABLE_CHARS {
        assert!(covered(&from.to_string(), &to.to_string()), "no look-alike vector for {from} → {to}");
    }
    for (from, to) in CONFUSABLE_SEQUENCES {
        assert!(covered(from, to), "no look-alike vector for {from} → {to}");
    }
}

#[test]
fn every_mention_vector_finds_its_runs_and_candidates() {
    for case in vectors().mentions {
        let found = mentions(&case.text);
        let got: Vec<(&str, Vec<&str>)> =
            found.iter().map(|m| (m.as_written(), m.candidates().iter().map(Username::as_str).collect())).collect();
        let want: Vec<(&str, Vec<&str>)> = case
            .mentions
            .iter()
            .map(|m| (m.written.as_str(), m.candidates.iter().map(String::as_str).collect()))
            .collect();
        assert_eq!(got, want, "{:?}", case.text);
        for mention in &found {
            assert_eq!(&case.text[mention.range()], mention.as_written());
        }
    }
}
