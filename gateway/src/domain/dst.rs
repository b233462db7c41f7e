//! A birth time a summer-time change skipped or repeated (Japan 1948–1951): the choice a person
//! makes (`dstChoice`), `earlier`, `later` or `standard`.

use serde_json::Value;

/// How to read a skipped or repeated time (the engine's `DstChoice`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DstChoice {
    /// Repeated: the first occurrence; skipped: the offset before the change.
    Earlier,
    /// Repeated: the second occurrence; skipped: the offset after the change.
    Later,
    /// The clock time read as standard time.
    Standard,
}

impl DstChoice {
    #[must_use]
    pub const fn key(self) -> &'static str {
        match self {
            Self::Earlier => "earlier",
            Self::Later => "later",
            Self::Standard => "standard",
        }
    }

    /// `earlier`, `later` or `standard`.
    #[must_use]
    pub fn from_key(key: &str) -> Option<Self> {
        match key {
            "earlier" => Some(Self::Earlier),
            "later" => Some(Self::Later),
            "standard" => Some(Self::Standard),
            _ => None,
        }
    }

    /// A JSON field: absent, `null` and blank are no choice.
    ///
    /// # Errors
    /// `INVALID_DST_CHOICE` for any other value.
    pub fn parse(value: Option<&Value>) -> Result<Option<Self>, &'static str> {
        match value {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
            Some(Value::String(s)) => Self::from_key(s.trim()).map(Some).ok_or("INVALID_DST_CHOICE"),
            Some(_) => Err("INVALID_DST_CHOICE"),
        }
    }

    /// [`DstChoice::parse`] of an optional text field.
    ///
    /// # Errors
    /// `INVALID_DST_CHOICE` for anything but the three keys (blank is none).
    pub fn parse_text(value: Option<&str>) -> Result<Option<Self>, &'static str> {
        match value.map(str::trim) {
            None | Some("") => Ok(None),
            Some(s) => Self::from_key(s).map(Some).ok_or("INVALID_DST_CHOICE"),
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_three_keys_blank_and_null_are_read_and_anything_else_is_refused() {
        assert_eq!(DstChoice::parse(Some(&json!("standard"))), Ok(Some(DstChoice::Standard)));
        assert_eq!(DstChoice::parse(Some(&json!(" earlier "))), Ok(Some(DstChoice::Earlier)));
        assert_eq!(DstChoice::parse(Some(&json!(""))), Ok(None));
        assert_eq!(DstChoice::parse(Some(&Value::Null)), Ok(None));
        assert_eq!(DstChoice::parse(None), Ok(None));
        for bad in [json!("summer"), json!(1), json!(true), json!(["later"])] {
            assert_eq!(DstChoice::parse(Some(&bad)), Err("INVALID_DST_CHOICE"), "{bad}");
        }
        assert_eq!(DstChoice::parse_text(Some("later")), Ok(Some(DstChoice::Later)));
        assert_eq!(DstChoice::parse_text(Some("LATER")), Err("INVALID_DST_CHOICE"));
    }
}
