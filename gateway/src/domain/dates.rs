//! Date ranges of the almanac query.

use chrono::{Days, NaiveDate, Utc};
use meguri_tz::TimezoneOffset;

/// The longest almanac range, in days (inclusive of both ends).
pub const MAX_RANGE_DAYS: u64 = 366;

/// Today in Japan (the almanac is a JST calendar): meguri-tz's [`TimezoneOffset::JAPAN`].
#[must_use]
pub fn today_jst() -> NaiveDate {
    TimezoneOffset::JAPAN.local_date(Utc::now())
}

/// `from`/`to` as given (`YYYY-MM-DD`), defaulting to today and to `from`.
///
/// # Errors
/// `INVALID_DATE_RANGE` for a malformed date, `to` before `from`, or more than 366 days.
pub fn parse_range(
    from: Option<&str>,
    to: Option<&str>,
    today: NaiveDate,
) -> Result<(NaiveDate, NaiveDate), &'static str> {
    let parse = |s: &str| {
        if !super::birth::is_date_form(s) {
            return Err("INVALID_DATE_RANGE");
        }
        NaiveDate::parse_from_str(s, "%Y-%m-%d").map_err(|_| "INVALID_DATE_RANGE")
    };
    let from = match from.map(str::trim).filter(|s| !s.is_empty()) {
        Some(s) => parse(s)?,
        None => today,
    };
    let to = match to.map(str::trim).filter(|s| !s.is_empty()) {
        Some(s) => parse(s)?,
        None => from,
    };
    let last_allowed = from.checked_add_days(Days::new(MAX_RANGE_DAYS - 1)).ok_or("INVALID_DATE_RANGE")?;
    if to < from || to > last_allowed {
        return Err("INVALID_DATE_RANGE");
    }
    Ok((from, to))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").expect("date")
    }

    #[test]
    fn missing_ends_default_to_today() {
        assert_eq!(parse_range(None, None, d("2025-01-02")), Ok((d("2025-01-02"), d("2025-01-02"))));
        assert_eq!(parse_range(Some("2025-03-01"), None, d("2025-01-02")), Ok((d("2025-03-01"), d("2025-03-01"))));
    }

    #[test]
    fn a_range_is_at_most_366_days_and_forward() {
        let today = d("2025-01-01");
        assert!(parse_range(Some("2024-01-01"), Some("2024-12-31"), today).is_ok());
        assert_eq!(parse_range(Some("2024-01-01"), Some("2025-01-01"), today), Err("INVALID_DATE_RANGE"));
        assert_eq!(parse_range(Some("2024-02-01"), Some("2024-01-01"), today), Err("INVALID_DATE_RANGE"));
        assert_eq!(parse_range(Some("2024-02-30"), None, today), Err("INVALID_DATE_RANGE"));
    }
}
