//! A rating of a reading (spec §5 "Fortune feedback").

use super::Invalid;

/// What was rated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FortuneType {
    Daily,
    Chat,
    Life,
    Yearly,
    Dos,
    Donts,
    Bazi,
}

impl FortuneType {
    /// # Errors
    /// [`Invalid::FortuneType`] for anything but daily, chat, life, yearly, dos, donts, bazi.
    pub fn parse(raw: &str) -> Result<Self, Invalid> {
        match raw.trim() {
            "daily" => Ok(Self::Daily),
            "chat" => Ok(Self::Chat),
            "life" => Ok(Self::Life),
            "yearly" => Ok(Self::Yearly),
            "dos" => Ok(Self::Dos),
            "donts" => Ok(Self::Donts),
            "bazi" => Ok(Self::Bazi),
            _ => Err(Invalid::FortuneType),
        }
    }

    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Daily => "daily",
            Self::Chat => "chat",
            Self::Life => "life",
            Self::Yearly => "yearly",
            Self::Dos => "dos",
            Self::Donts => "donts",
            Self::Bazi => "bazi",
        }
    }
}

/// positive | negative
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RatingValue {
    Positive,
    Negative,
}

impl RatingValue {
    /// # Errors
    /// [`Invalid::Rating`].
    pub fn parse(raw: &str) -> Result<Self, Invalid> {
        match raw.trim() {
            "positive" => Ok(Self::Positive),
            "negative" => Ok(Self::Negative),
            _ => Err(Invalid::Rating),
        }
    }

    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Positive => "positive",
            Self::Negative => "negative",
        }
    }
}

/// The most characters of a content hash.
pub const MAX_HASH_CHARS: usize = 128;
/// The most characters of feedback text.
pub const MAX_FEEDBACK_CHARS: usize = 1000;
/// The most bytes of the context JSON.
pub const MAX_CONTEXT_BYTES: usize = 4096;

/// A content hash: 1..=128 characters, no control characters, surrounding space trimmed.
///
/// # Errors
/// [`Invalid::ContentHash`].
pub fn content_hash(raw: &str) -> Result<String, Invalid> {
    let hash = raw.trim();
    if hash.is_empty() || hash.chars().count() > MAX_HASH_CHARS || hash.chars().any(char::is_control) {
        return Err(Invalid::ContentHash);
    }
    Ok(hash.to_owned())
}

/// Feedback text: at most 1000 characters; an empty text (after trimming) is no feedback.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Feedback(Option<String>);

impl Feedback {
    /// # Errors
    /// [`Invalid::FeedbackTooLong`].
    pub fn parse(raw: &str) -> Result<Self, Invalid> {
        let text = raw.trim();
        if text.chars().count() > MAX_FEEDBACK_CHARS {
            return Err(Invalid::FeedbackTooLong);
        }
        Ok(Self((!text.is_empty()).then(|| text.to_owned())))
    }

    #[must_use]
    pub fn into_inner(self) -> Option<String> {
        self.0
    }
}

/// A rating as parsed from a request.
#[derive(Clone, Debug, PartialEq)]
pub struct NewRating {
    pub fortune_type: FortuneType,
    pub content_hash: String,
    pub rating: RatingValue,
    /// `None`: the request carried no feedback, and a stored one is kept.
    pub feedback: Option<Feedback>,
    /// `None`: the request carried no context, and a stored one is kept.
    pub context: Option<serde_json::Value>,
}

impl NewRating {
    /// # Errors
    /// The first rule the input breaks.
    pub fn parse(
        fortune_type: &str,
        hash: &str,
        rating: &str,
        feedback: Option<&str>,
        context: Option<&str>,
    ) -> Result<Self, Invalid> {
        Ok(Self {
            fortune_type: FortuneType::parse(fortune_type)?,
            content_hash: content_hash(hash)?,
            rating: RatingValue::parse(rating)?,
            feedback: feedback.map(Feedback::parse).transpose()?,
            context: context.map(parse_context).transpose()?,
        })
    }
}

/// The context: a JSON object of at most 4 KiB (as sent).
///
/// # Errors
/// [`Invalid::Context`] when it is larger, not JSON, or not an object.
pub fn parse_context(raw: &str) -> Result<serde_json::Value, Invalid> {
    if raw.len() > MAX_CONTEXT_BYTES {
        return Err(Invalid::Context);
    }
    match serde_json::from_str::<serde_json::Value>(raw) {
        Ok(value) if value.is_object() => Ok(value),
        _ => Err(Invalid::Context),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_rating_parses() {
        let r = NewRating::parse("daily", " abc ", "negative", Some(" 外れた "), Some(r#"{"screen":"home"}"#))
            .expect("valid");
        assert_eq!(r.fortune_type, FortuneType::Daily);
        assert_eq!(r.content_hash, "abc");
        assert_eq!(r.rating, RatingValue::Negative);
        assert_eq!(r.feedback.and_then(Feedback::into_inner).as_deref(), Some("外れた"));
        assert_eq!(r.context, Some(serde_json::json!({"screen": "home"})));
    }

    #[test]
    fn each_rule_has_its_code() {
        assert_eq!(NewRating::parse("weekly", "h", "positive", None, None), Err(Invalid::FortuneType));
        assert_eq!(NewRating::parse("daily", " ", "positive", None, None), Err(Invalid::ContentHash));
        assert_eq!(NewRating::parse("daily", &"x".repeat(129), "positive", None, None), Err(Invalid::ContentHash));
        assert!(NewRating::parse("daily", &"x".repeat(128), "positive", None, None).is_ok());
        assert_eq!(NewRating::parse("daily", "h", "meh", None, None), Err(Invalid::Rating));
        let long = "あ".repeat(1001);
        assert_eq!(NewRating::parse("daily", "h", "positive", Some(&long), None), Err(Invalid::FeedbackTooLong));
        assert!(NewRating::parse("daily", "h", "positive", Some(&"あ".repeat(1000)), None).is_ok());
        for bad in ["[1,2]", "\"text\"", "{", &format!(r#"{{"a":"{}"}}"#, "x".repeat(4100))] {
            assert_eq!(NewRating::parse("daily", "h", "positive", None, Some(bad)), Err(Invalid::Context), "{bad}");
        }
    }

    #[test]
    fn every_spec_type_is_accepted() {
        for t in ["daily", "chat", "life", "yearly", "dos", "donts", "bazi"] {
            assert_eq!(FortuneType::parse(t).map(FortuneType::as_str), Ok(t));
        }
    }

    #[test]
    fn blank_feedback_is_no_feedback() {
        assert_eq!(Feedback::parse("  ").map(Feedback::into_inner), Ok(None));
    }
}
