//! Properties that must hold for every input.

use bazi_engine::batch::answer_line;
use bazi_engine::ganzhi::{GanZhi, jdn};
use bazi_engine::input::ZiConvention;
use bazi_engine::pillars::{count_elements, day_and_hour};
use bazi_engine::time::jd_of_naive;
use chrono::{Duration, NaiveDate};
use proptest::prelude::*;
use serde_json::json;

fn date_strategy() -> impl Strategy<Value = NaiveDate> {
    (0i64..73_000).prop_map(|d| NaiveDate::from_ymd_opt(1900, 1, 1).unwrap_or_default() + Duration::days(d))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    #[test]
    fn the_day_pillar_advances_by_one_of_the_sixty_each_day(date in date_strategy(), minute in 0u32..1380) {
        let t = date.and_hms_opt(minute / 60, minute % 60, 0).unwrap_or_default();
        let (d1, _) = day_and_hour(jd_of_naive(t), ZiConvention::Split);
        let (d2, _) = day_and_hour(jd_of_naive(t + Duration::days(1)), ZiConvention::Split);
        prop_assert_eq!(d2, d1.offset(1));
    }

    #[test]
    fn the_hour_stem_follows_the_day_stem(date in date_strategy(), minute in 0u32..1440) {
        let t = date.and_hms_opt(minute / 60, minute % 60, 0).unwrap_or_default();
        let (day, hour) = day_and_hour(jd_of_naive(t), ZiConvention::Split);
        let branch = (minute / 60).div_ceil(2) % 12;
        prop_assert_eq!(hour.branch().index() as u32, branch);
        // 五鼠遁: the 子 hour of a 甲 or 己 day is 甲子; from 23:00 the next day's stem rules.
        let ruling = if minute >= 23 * 60 { day.offset(1) } else { day };
        prop_assert_eq!(hour.stem().index() as u32, (ruling.stem().index() as u32 * 2 + branch) % 10);
        let (nd, nh) = day_and_hour(jd_of_naive(t), ZiConvention::NextDay);
        prop_assert_eq!(nh, hour);
        prop_assert_eq!(nd, ruling);
    }

    #[test]
    fn element_counts_always_sum_to_eight(a in 0i64..60, b in 0i64..60, c in 0i64..60, d in 0i64..60, w in proptest::array::uniform5(0.0f64..10.0)) {
        let p = bazi_engine::pillars::Pillars { year: GanZhi::new(a), month: GanZhi::new(b), day: GanZhi::new(c), hour: GanZhi::new(d) };
        prop_assert_eq!(count_elements(&p, &w).total(), 8);
    }

    #[test]
    fn the_batch_never_panics_on_arbitrary_text(line in ".{0,300}") {
        let v = answer_line(&line);
        prop_assert!(v.get("error").is_some() || v.get("baziChart").is_some());
    }

    #[test]
    fn the_batch_never_panics_on_arbitrary_fields(
        date in proptest::option::of("[0-9-]{0,12}|[0-9]{4}-[0-9]{2}-[0-9]{2}"),
        time in proptest::option::of("[0-9:]{0,8}"),
        lon in proptest::option::of(-400.0f64..400.0),
        lat in proptest::option::of(-100.0f64..100.0),
        offset in proptest::option::of(-2000i32..2000),
        tz in proptest::option::of("[A-Za-z/_]{0,20}|Asia/Tokyo|America/New_York"),
        mode in proptest::option::of("standard|mean|apparent|x"),
        zi in proptest::option::of("split|next_day|y"),
        gender in proptest::option::of("male|female|z"),
    ) {
        let v = answer_line(&json!({"id": 1, "birthDate": date, "birthTime": time, "longitude": lon, "latitude": lat,
            "utcOffsetMinutes": offset, "timezone": tz, "mode": mode, "zi": zi, "gender": gender}).to_string());
        prop_assert!(v.get("error").is_some() || v.get("baziChart").is_some());
    }
}

#[test]
fn the_day_count_matches_a_known_day() {
    assert_eq!(GanZhi::of_day(jdn(2026, 11, 21)).name(), "己亥");
}
