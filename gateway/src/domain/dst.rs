//! A birth time a summer-time change skipped or repeated (Japan 1948–1951): the choice a person
//! makes (`dstChoice`), `earlier`, `later` or `standard`.

use serde_json::Value;

pub use meguri_tz::DstChoice;

/// A JSON field: absent, `null` and blank are no choice.
///
/// # Errors
/// `INVALID_DST_CHOICE` for any other value.
pub fn parse(value: Option<&Value>) -> Result<Option<DstChoice>, &'static str> {
    match value {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => parse_text(Some(s)),
        Some(_) => Err("INVALID_DST_CHOICE"),
    }
}

/// [`parse`] of an optional text field.
///
/// # Errors
/// `INVALID_DST_CHOICE` for anything but the three keys (blank is none).
pub fn parse_text(value: Option<&str>) -> Result<Option<DstChoice>, &'static str> {
    match value.map(str::trim) {
        None | Some("") => Ok(None),
        Some(s) => DstChoice::from_key(s).map(Some).ok_or("INVALID_DST_CHOICE"),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_three_keys_blank_and_null_are_read_and_anything_else_is_refused() {
        assert_eq!(parse(Some(&json!("standard"))), Ok(Some(DstChoice::Standard)));
        assert_eq!(parse(Some(&json!(" earlier "))), Ok(Some(DstChoice::Earlier)));
        assert_eq!(parse(Some(&json!(""))), Ok(None));
        assert_eq!(parse(Some(&Value::Null)), Ok(None));
        assert_eq!(parse(None), Ok(None));
        for bad in [json!("summer"), json!(1), json!(true), json!(["later"])] {
            assert_eq!(parse(Some(&bad)), Err("INVALID_DST_CHOICE"), "{bad}");
        }
        assert_eq!(parse_text(Some("later")), Ok(Some(DstChoice::Later)));
        assert_eq!(parse_text(Some("LATER")), Err("INVALID_DST_CHOICE"));
    }
}
