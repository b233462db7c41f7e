//! Mappings between two services' contracts that more than one service needs, written once.

use crate::bazi_engine as be;
use crate::identity as id;

/// The engine's input (CalculateChart, Compatibility) for identity's birth profile of a member;
/// `None` without a birth date. Blank fields are absent; half a coordinate pair is no coordinate;
/// a gender other than male or female gives no direction for the luck pillars.
#[must_use]
pub fn engine_birth_input(profile: &id::GetBirthProfileResponse) -> Option<be::BirthInput> {
    let birth = profile.birth.as_ref()?;
    let nonblank = |value: &Option<String>| value.clone().filter(|s| !s.trim().is_empty());
    let birth_date = nonblank(&birth.birth_date)?;
    let gender = match id::Gender::try_from(profile.gender) {
        Ok(id::Gender::Male) => be::Gender::Male,
        Ok(id::Gender::Female) => be::Gender::Female,
        _ => be::Gender::Unspecified,
    };
    let (longitude, latitude) = match (birth.longitude, birth.latitude) {
        (Some(lon), Some(lat)) => (Some(lon), Some(lat)),
        _ => (None, None),
    };
    let birth_time = nonblank(&birth.birth_time);
    // Only a given time can fall in a summer-time gap or overlap; the member's choice is read the
    // same way by every service that builds the chart.
    let dst_choice = match birth.dst_choice.as_deref().map(str::trim) {
        Some("earlier") if birth_time.is_some() => be::DstChoice::Earlier,
        Some("later") if birth_time.is_some() => be::DstChoice::Later,
        Some("standard") if birth_time.is_some() => be::DstChoice::Standard,
        _ => be::DstChoice::Unspecified,
    };
    Some(be::BirthInput {
        birth_date,
        birth_time,
        place: nonblank(&birth.birth_location),
        longitude,
        latitude,
        gender: gender as i32,
        dst_choice: dst_choice as i32,
        ..Default::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn profile(gender: id::Gender, birth: id::BirthData) -> id::GetBirthProfileResponse {
        id::GetBirthProfileResponse {
            user_id: "0190b4a0-0000-7000-8000-000000000001".to_owned(),
            gender: gender as i32,
            birth: Some(birth),
            updated_at: String::new(),
        }
    }

    #[test]
    fn the_birth_profile_becomes_the_engine_input() {
        let p = profile(
            id::Gender::Female,
            id::BirthData {
                birth_date: Some("1990-05-15".into()),
                birth_time: Some("14:30".into()),
                birth_location: Some("大阪市, 大阪府, 日本".into()),
                longitude: Some(135.5),
                latitude: Some(34.69),
                dst_choice: None,
            },
        );
        let input = engine_birth_input(&p).expect("a birth date");
        assert_eq!(input.birth_date, "1990-05-15");
        assert_eq!(input.birth_time.as_deref(), Some("14:30"));
        assert_eq!(input.place.as_deref(), Some("大阪市, 大阪府, 日本"));
        assert_eq!((input.longitude, input.latitude), (Some(135.5), Some(34.69)));
        assert_eq!(input.gender, be::Gender::Female as i32);
    }

    #[test]
    fn other_or_no_gender_gives_no_luck_blank_fields_are_absent_and_no_date_gives_nothing() {
        let p = profile(
            id::Gender::Other,
            id::BirthData {
                birth_date: Some("1990-05-15".into()),
                birth_time: Some("  ".into()),
                longitude: Some(135.5),
                ..Default::default()
            },
        );
        let input = engine_birth_input(&p).expect("a birth date");
        assert_eq!(input.gender, be::Gender::Unspecified as i32);
        assert_eq!(input.birth_time, None);
        // Half a coordinate pair is no coordinate.
        assert_eq!((input.longitude, input.latitude), (None, None));
        assert!(engine_birth_input(&profile(id::Gender::Male, id::BirthData::default())).is_none());
        let blank = id::BirthData { birth_date: Some(" ".into()), ..Default::default() };
        assert!(engine_birth_input(&profile(id::Gender::Male, blank)).is_none());
    }

    #[test]
    fn the_members_dst_choice_reaches_the_engine_only_with_a_time() {
        let birth = |time: Option<&str>, choice: &str| id::BirthData {
            birth_date: Some("1948-05-02".into()),
            birth_time: time.map(Into::into),
            dst_choice: Some(choice.into()),
            ..Default::default()
        };
        let choice = |b| engine_birth_input(&profile(id::Gender::Male, b)).expect("a birth date").dst_choice;
        assert_eq!(choice(birth(Some("00:30"), "standard")), be::DstChoice::Standard as i32);
        assert_eq!(choice(birth(Some("00:30"), "earlier")), be::DstChoice::Earlier as i32);
        assert_eq!(choice(birth(Some("00:30"), "later")), be::DstChoice::Later as i32);
        assert_eq!(choice(birth(None, "later")), be::DstChoice::Unspecified as i32);
        assert_eq!(choice(birth(Some("00:30"), "summer")), be::DstChoice::Unspecified as i32);
    }
}
