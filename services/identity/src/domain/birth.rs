use chrono::{NaiveDate, NaiveTime};

use super::Invalid;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gender {
    Male,
    Female,
    /// その他・答えたくない (chosen in settings; sign-up's skip leaves gender unset).
    Other,
}

impl Gender {
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Male => "male",
            Self::Female => "female",
            Self::Other => "other",
        }
    }

    #[must_use]
    pub fn from_store(raw: &str) -> Option<Self> {
        match raw {
            "male" => Some(Self::Male),
            "female" => Some(Self::Female),
            "other" => Some(Self::Other),
            _ => None,
        }
    }
}

/// How a birth time that a summer-time change skipped or repeated is read (stored only when the
/// time needed one): the shared spelling of meguri-tz.
pub use meguri_tz::DstChoice;

/// Birth data as entered, before the rules: every field optional.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RawBirth {
    pub date: Option<String>,
    pub time: Option<String>,
    pub location: Option<String>,
    pub longitude: Option<f64>,
    pub latitude: Option<f64>,
    pub dst_choice: Option<String>,
}

/// Checked birth data. The date is a real calendar date from 1900 to today; the time is HH:MM,
/// or `None` when the person does not know it; the place label is at most 100 characters;
/// coordinates come as a valid pair or not at all.
#[derive(Clone, Debug, PartialEq)]
pub struct BirthData {
    pub date: NaiveDate,
    /// As given: `None` = unknown (12:00 is then used, see [`BirthData::time_used`]).
    pub time: Option<NaiveTime>,
    pub location: Option<String>,
    pub coordinates: Option<(f64, f64)>,
    /// Only with a given time: how to read it when a summer-time change skipped or repeated it.
    pub dst_choice: Option<DstChoice>,
}

/// Spec §3 and §9: what a missing time or place means.
pub const DEFAULT_TIME: (u32, u32) = (12, 0);
pub const DEFAULT_LOCATION: &str = meguri_tz::DEFAULT_BIRTHPLACE.label;
pub const DEFAULT_COORDINATES: (f64, f64) =
    (meguri_tz::DEFAULT_BIRTHPLACE.longitude, meguri_tz::DEFAULT_BIRTHPLACE.latitude);

impl BirthData {
    /// Parses `raw`; `None` when no birth date was given.
    ///
    /// # Errors
    /// The [`Invalid`] of the first field that breaks its rule.
    pub fn parse(raw: &RawBirth, today: NaiveDate) -> Result<Option<Self>, Invalid> {
        let Some(date) = raw.date.as_deref().map(str::trim).filter(|d| !d.is_empty()) else {
            return Ok(None);
        };
        let date = parse_date(date, today)?;
        let time = match raw.time.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
            None => None,
            Some(t) => Some(parse_time(t)?),
        };
        let location = match raw.location.as_deref().map(str::trim).filter(|l| !l.is_empty()) {
            None => None,
            Some(l) if l.chars().count() <= 100 && !l.chars().any(char::is_control) => Some(l.to_owned()),
            Some(_) => return Err(Invalid::BirthLocation),
        };
        let coordinates = match (raw.longitude, raw.latitude) {
            (None, None) => None,
            (Some(lon), Some(lat))
                if lon.is_finite()
                    && lat.is_finite()
                    && (-180.0..=180.0).contains(&lon)
                    && (-90.0..=90.0).contains(&lat) =>
            {
                Some((lon, lat))
            }
            _ => return Err(Invalid::Coordinates),
        };
        let dst_choice = match raw.dst_choice.as_deref().map(str::trim).filter(|c| !c.is_empty()) {
            None => None,
            Some(c) => Some(DstChoice::from_key(c).ok_or(Invalid::DstChoice)?),
        };
        // An unknown time is read as 12:00, which no summer-time change skips or repeats.
        let dst_choice = dst_choice.filter(|_| time.is_some());
        Ok(Some(Self { date, time, location, coordinates, dst_choice }))
    }

    /// Sign-up's rule for the place (spec §2 step 4): a missing place is 東京, 日本 at the Tokyo
    /// coordinates. A place without coordinates keeps its label and gets none (the engine resolves
    /// the label when it builds the chart). A missing time stays unknown: 12:00 is the value used
    /// ([`BirthData::time_used`]), and the account keeps that it was not given.
    #[must_use]
    pub fn with_defaults(mut self) -> Self {
        if self.location.is_none() {
            self.location = Some(DEFAULT_LOCATION.to_owned());
            self.coordinates = Some(DEFAULT_COORDINATES);
        }
        self
    }

    /// Whether the person skipped the time (spec §2 step 3).
    #[must_use]
    pub const fn time_unknown(&self) -> bool {
        self.time.is_none()
    }

    /// The time the chart is computed for: the one given, else 12:00 (spec §2, §9).
    #[must_use]
    pub fn time_used(&self) -> NaiveTime {
        self.time.unwrap_or(NaiveTime::from_hms_opt(DEFAULT_TIME.0, DEFAULT_TIME.1, 0).unwrap_or(NaiveTime::MIN))
    }

    /// [`BirthData::time_used`] as stored and shown, `HH:MM`.
    #[must_use]
    pub fn time_text(&self) -> String {
        self.time_used().format("%H:%M").to_string()
    }
}

fn parse_date(raw: &str, today: NaiveDate) -> Result<NaiveDate, Invalid> {
    let shaped = raw.len() == 10
        && raw.bytes().enumerate().all(|(i, b)| if i == 4 || i == 7 { b == b'-' } else { b.is_ascii_digit() });
    if !shaped {
        return Err(Invalid::BirthDate);
    }
    let date = NaiveDate::parse_from_str(raw, "%Y-%m-%d").map_err(|_| Invalid::BirthDate)?;
    let earliest = NaiveDate::from_ymd_opt(1900, 1, 1).ok_or(Invalid::BirthDate)?;
    // One day of slack: "today" where the person is may be tomorrow in UTC.
    if date < earliest || date > today.succ_opt().unwrap_or(today) {
        return Err(Invalid::BirthDate);
    }
    Ok(date)
}

fn parse_time(raw: &str) -> Result<NaiveTime, Invalid> {
    let shaped = raw.len() == 5 && raw.as_bytes()[2] == b':';
    if !shaped {
        return Err(Invalid::BirthTime);
    }
    NaiveTime::parse_from_str(raw, "%H:%M").map_err(|_| Invalid::BirthTime)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 21).expect("date")
    }

    fn raw(date: &str) -> RawBirth {
        RawBirth { date: Some(date.into()), ..RawBirth::default() }
    }

    #[test]
    fn no_date_means_no_birth_data() {
        assert_eq!(BirthData::parse(&RawBirth::default(), today()), Ok(None));
        assert_eq!(BirthData::parse(&raw("  "), today()), Ok(None));
    }

    #[test]
    fn impossible_or_out_of_range_dates_are_refused() {
        for d in ["1990-02-30", "1990-13-01", "1899-12-31", "2026-11-23", "1990-5-15", "15/05/1990"] {
            assert_eq!(BirthData::parse(&raw(d), today()), Err(Invalid::BirthDate), "{d}");
        }
        assert!(BirthData::parse(&raw("2026-11-22"), today()).is_ok());
    }

    #[test]
    fn a_skipped_time_uses_noon_and_stays_unknown_and_a_skipped_place_is_tokyo() {
        let birth = BirthData::parse(&raw("1990-05-15"), today()).expect("valid").expect("some").with_defaults();
        assert_eq!(birth.time_text(), "12:00");
        assert!(birth.time_unknown());
        assert_eq!(birth.location.as_deref(), Some("東京, 日本"));
        assert_eq!(birth.coordinates, Some((139.6503, 35.6762)));
        let blank = RawBirth { time: Some("  ".into()), ..raw("1990-05-15") };
        assert!(BirthData::parse(&blank, today()).expect("valid").expect("some").time_unknown());
    }

    #[test]
    fn noon_given_is_a_known_time() {
        let input = RawBirth { time: Some("12:00".into()), ..raw("1990-05-15") };
        let birth = BirthData::parse(&input, today()).expect("valid").expect("some").with_defaults();
        assert_eq!(birth.time_text(), "12:00");
        assert!(!birth.time_unknown());
    }

    #[test]
    fn given_values_are_kept() {
        let input = RawBirth {
            date: Some("1990-05-15".into()),
            time: Some("14:30".into()),
            location: Some("大阪市, 大阪府, 日本".into()),
            longitude: Some(135.5),
            latitude: Some(34.69),
            dst_choice: None,
        };
        let birth = BirthData::parse(&input, today()).expect("valid").expect("some").with_defaults();
        assert_eq!(birth.time_text(), "14:30");
        assert!(!birth.time_unknown());
        assert_eq!(birth.location.as_deref(), Some("大阪市, 大阪府, 日本"));
        assert_eq!(birth.coordinates, Some((135.5, 34.69)));
    }

    #[test]
    fn half_coordinates_or_bad_times_are_refused() {
        let mut input = raw("1990-05-15");
        input.longitude = Some(135.5);
        assert_eq!(BirthData::parse(&input, today()), Err(Invalid::Coordinates));
        let mut input = raw("1990-05-15");
        input.time = Some("24:00".into());
        assert_eq!(BirthData::parse(&input, today()), Err(Invalid::BirthTime));
    }

    #[test]
    fn a_dst_choice_is_one_of_three_words_and_only_kept_with_a_time() {
        let with = |time: Option<&str>, choice: &str| RawBirth {
            time: time.map(Into::into),
            dst_choice: Some(choice.into()),
            ..raw("1948-05-02")
        };
        let parsed = |input: RawBirth| BirthData::parse(&input, today()).map(|b| b.and_then(|b| b.dst_choice));
        assert_eq!(parsed(with(Some("00:30"), "standard")), Ok(Some(DstChoice::Standard)));
        assert_eq!(parsed(with(Some("00:30"), " later ")), Ok(Some(DstChoice::Later)));
        assert_eq!(parsed(with(Some("00:30"), "")), Ok(None));
        assert_eq!(parsed(with(None, "earlier")), Ok(None));
        for bad in ["summer", "LATER", "1"] {
            assert_eq!(parsed(with(Some("00:30"), bad)), Err(Invalid::DstChoice), "{bad}");
        }
        for choice in [DstChoice::Earlier, DstChoice::Later, DstChoice::Standard] {
            assert_eq!(DstChoice::from_key(choice.key()), Some(choice));
        }
    }
}
