//! Day-info and the badge catalogue.

use std::collections::BTreeSet;

use chrono::{NaiveDate, TimeZone as _, Utc};
use meguri_proto::bazi_engine as be;
use meguri_proto::fortune as pb;

use crate::helpers::spawn_app;

#[tokio::test(flavor = "multi_thread")]
async fn the_catalogue_has_a_badge_for_every_almanac_item() {
    let app = spawn_app().await;
    let badges = app.admin().await.list_badges(pb::ListBadgesRequest {}).await.expect("badges").into_inner().badges;
    let ids: BTreeSet<&str> = badges.iter().map(|b| b.id.as_str()).collect();

    let mut engine = app.engine_client().await;
    let mut seen = BTreeSet::new();
    for (from, to) in [("2026-01-01", "2026-12-31"), ("2027-01-01", "2027-12-31")] {
        let days = engine
            .get_almanac(be::GetAlmanacRequest { from: from.into(), to: to.into() })
            .await
            .expect("almanac")
            .into_inner()
            .days;
        seen.extend(days.into_iter().flat_map(|d| d.items.into_iter().map(|i| i.id)));
    }

    let missing: Vec<&String> = seen.iter().filter(|id| !ids.contains(id.as_str())).collect();
    assert!(missing.is_empty(), "almanac items without a badge: {missing:?}");
    for personal in ["personal_harmony", "personal_support", "personal_clash", "personal_kong_wang"] {
        let badge = badges.iter().find(|b| b.id == personal).expect("a personal badge");
        assert_eq!(badge.r#type, "personal");
        assert!(badge.is_active);
    }
    assert!(badges.iter().all(|b| !b.name.is_empty() && !b.description.is_empty()));
}

#[tokio::test(flavor = "multi_thread")]
async fn day_info_lists_the_days_items_and_a_personal_clash() {
    let app = spawn_app().await;
    let user = app.ready_user("hanako", "1990-05-15").await;
    let natal_day_branch = "辰"; // 1990-05-15 is a 庚辰 day.
    let mut engine = app.engine_client().await;

    // The next day (in Japan) whose branch clashes with 辰: a 戌 day.
    let days = engine
        .get_almanac(be::GetAlmanacRequest { from: "2026-11-22".into(), to: "2026-12-05".into() })
        .await
        .expect("almanac")
        .into_inner()
        .days;
    let clash = days
        .iter()
        .find(|d| d.day_pillar.as_ref().is_some_and(|p| p.earthly_branch == "戌"))
        .expect("a 戌 day within twelve days");
    let date = NaiveDate::parse_from_str(&clash.date, "%Y-%m-%d").expect("date");
    // Noon in Japan that day.
    let noon = Utc.from_utc_datetime(&date.and_hms_opt(3, 0, 0).expect("time"));
    app.fortune.clock.set(noon);

    let info = app
        .user(user)
        .await
        .get_day_info(pb::GetDayInfoRequest { timezone_offset_minutes: Some(-540) })
        .await
        .expect("day info")
        .into_inner();

    assert_eq!(info.date, clash.date);
    let ids: Vec<&str> = info.items.iter().map(|i| i.id.as_str()).collect();
    assert!(ids.contains(&"personal_clash"), "{ids:?} (natal day branch {natal_day_branch})");
    // 六曜 is always there, and comes after the personal marks.
    let rokuyo = info.items.iter().position(|i| i.r#type == "rokuyo").expect("六曜");
    let personal = info.items.iter().position(|i| i.id == "personal_clash").expect("mark");
    assert!(personal < rokuyo, "{ids:?}");
    // Every almanac item of the day is there (all badges are active), with the day's own name.
    for item in &clash.items {
        let shown = info.items.iter().find(|i| i.id == item.id).expect("the almanac item");
        assert_eq!(shown.name, item.name);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn day_info_without_a_chart_has_only_the_almanac() {
    let app = spawn_app().await;
    let info = app
        .user(meguri_ids::UserId::new())
        .await
        .get_day_info(pb::GetDayInfoRequest { timezone_offset_minutes: Some(-540) })
        .await
        .expect("day info")
        .into_inner();
    assert_eq!(info.date, "2026-11-22");
    assert!(!info.items.is_empty());
    assert!(info.items.iter().all(|i| i.r#type != "personal"));
}
