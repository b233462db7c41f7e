//! The bazi-engine service over real gRPC on loopback.

mod helpers;

use helpers::spawn_app;
use meguri_proto::bazi_engine as pb;
use tonic::Code;

fn birth(date: &str, time: &str) -> pb::BirthInput {
    pb::BirthInput {
        birth_date: date.into(),
        birth_time: Some(time.into()),
        place: Some("東京, 日本".into()),
        longitude: Some(139.6503),
        latitude: Some(35.6762),
        ..Default::default()
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn calculate_chart_returns_the_four_pillars_and_elements() {
    let app = spawn_app().await;
    let mut client = app.client().await;
    let chart = client
        .calculate_chart(pb::CalculateChartRequest { birth: Some(birth("1990-05-15", "14:30")) })
        .await
        .expect("a chart")
        .into_inner()
        .chart
        .expect("chart present");
    let p = |x: Option<pb::Pillar>| x.map(|p| format!("{}{}", p.heavenly_stem, p.earthly_branch)).unwrap_or_default();
    assert_eq!(p(chart.year.clone()), "庚午");
    assert_eq!(p(chart.month.clone()), "辛巳");
    assert_eq!(p(chart.day.clone()), "庚辰");
    let e = chart.elements.expect("elements");
    assert_eq!(e.wood + e.fire + e.earth + e.metal + e.water, 8.0);
    let t = chart.time.expect("time correction");
    assert_eq!(t.mode, "apparent");
    assert_eq!(t.time_zone, "Asia/Tokyo");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_call_without_the_internal_token_is_refused() {
    let app = spawn_app().await;
    let mut client = app.anonymous_client().await;
    let err = client
        .calculate_chart(pb::CalculateChartRequest { birth: Some(birth("1990-05-15", "14:30")) })
        .await
        .expect_err("no token");
    assert_eq!(err.code(), Code::Unauthenticated);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_impossible_date_is_an_invalid_argument_with_its_code() {
    let app = spawn_app().await;
    let mut client = app.client().await;
    let err = client
        .calculate_chart(pb::CalculateChartRequest { birth: Some(birth("1990-02-30", "12:00")) })
        .await
        .expect_err("no such date");
    assert_eq!(err.code(), Code::InvalidArgument);
    assert_eq!(err.metadata().get("x-meguri-code").and_then(|v| v.to_str().ok()), Some("INVALID_DATE"));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_skipped_time_lists_its_choices_and_a_choice_is_applied_and_named() {
    use prost::Message;
    let app = spawn_app().await;
    let mut client = app.client().await;
    let err = client
        .calculate_chart(pb::CalculateChartRequest { birth: Some(birth("1948-05-02", "00:30")) })
        .await
        .expect_err("00:30 never showed on 1948-05-02 in Tokyo");
    assert_eq!(err.code(), Code::InvalidArgument);
    assert_eq!(err.metadata().get("x-meguri-code").and_then(|v| v.to_str().ok()), Some("NONEXISTENT_LOCAL_TIME"));
    let choices = pb::LocalTimeChoices::decode(err.details()).expect("the choices in the details");
    assert_eq!(choices.clock_change, "gap");
    let seen: Vec<_> = choices.choices.iter().map(|c| (c.choice, c.utc.as_str(), c.wall_clock.as_str())).collect();
    assert_eq!(
        seen,
        [
            (pb::DstChoice::Earlier as i32, "1948-05-01T15:30:00Z", "1948-05-02T01:30:00"),
            (pb::DstChoice::Later as i32, "1948-05-01T14:30:00Z", "1948-05-01T23:30:00"),
            (pb::DstChoice::Standard as i32, "1948-05-01T15:30:00Z", "1948-05-02T01:30:00"),
        ]
    );
    let chosen = pb::BirthInput { dst_choice: pb::DstChoice::Later as i32, ..birth("1948-05-02", "00:30") };
    let chart = client
        .calculate_chart(pb::CalculateChartRequest { birth: Some(chosen) })
        .await
        .expect("a chart with the choice")
        .into_inner()
        .chart
        .expect("chart present");
    let t = chart.time.expect("time correction");
    assert_eq!((t.clock_change.as_str(), t.dst_choice.as_str()), ("gap", "later"));
    assert_eq!((t.utc.as_str(), t.wall_clock.as_str()), ("1948-05-01T14:30:00Z", "1948-05-01T23:30:00"));
    assert!(chart.notes.iter().any(|n| n.contains("切り替え後の時刻として")), "{:?}", chart.notes);
}

#[tokio::test(flavor = "multi_thread")]
async fn places_are_searched_and_resolved() {
    let app = spawn_app().await;
    let mut client = app.client().await;
    let found = client
        .search_places(pb::SearchPlacesRequest { query: "大阪".into(), limit: 0 })
        .await
        .expect("suggestions")
        .into_inner()
        .suggestions;
    assert!(!found.is_empty() && found.len() <= 5);
    assert!(found.iter().any(|s| s.label == "大阪市, 大阪府, 日本"), "{found:?}");
    let place = client
        .resolve_place(pb::ResolvePlaceRequest { location: "大阪市, 大阪府, 日本".into() })
        .await
        .expect("resolved")
        .into_inner()
        .place
        .expect("place");
    assert!((place.longitude - 135.50).abs() < 0.1);
    let err =
        client.resolve_place(pb::ResolvePlaceRequest { location: "どこにもない町".into() }).await.expect_err("unknown");
    assert_eq!(err.code(), Code::NotFound);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_health_service_reports_serving_once_ready() {
    let app = spawn_app().await;
    let mut health = meguri_server::tonic_health::pb::health_client::HealthClient::new(app.channel().await);
    // Watch streams the current status and every change: no polling, no sleeps.
    let mut updates = health
        .watch(meguri_server::tonic_health::pb::HealthCheckRequest {
            service: "meguri.bazi_engine.v1.BaziEngine".into(),
        })
        .await
        .expect("watch")
        .into_inner();
    let serving = meguri_server::tonic_health::pb::health_check_response::ServingStatus::Serving as i32;
    loop {
        let update = updates.message().await.expect("stream").expect("an update");
        if update.status == serving {
            break;
        }
    }
    let body = reqwest_free_get(app.admin_port, "/readyz").await;
    assert!(body.starts_with("HTTP/1.1 200"), "{body}");
}

/// A minimal HTTP GET over a TCP socket, to avoid an HTTP client dependency for one probe.
async fn reqwest_free_get(port: u16, path: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(("127.0.0.1", port)).await.expect("admin port");
    s.write_all(format!("GET {path} HTTP/1.1\r\nhost: localhost\r\nconnection: close\r\n\r\n").as_bytes())
        .await
        .expect("write");
    let mut buf = String::new();
    s.read_to_string(&mut buf).await.expect("read");
    buf
}

#[tokio::test(flavor = "multi_thread")]
async fn the_almanac_and_compatibility_are_served() {
    let app = spawn_app().await;
    let mut client = app.client().await;
    let days = client
        .get_almanac(pb::GetAlmanacRequest { from: "2026-11-21".into(), to: "2026-11-23".into() })
        .await
        .expect("almanac")
        .into_inner()
        .days;
    assert_eq!(days.len(), 3);
    assert_eq!((days[0].lunar_label.as_str(), days[0].rokuyo.as_str()), ("旧10月13日", "仏滅"));
    assert!(days[2].items.iter().any(|i| i.id == "holiday" && i.name == "勤労感謝の日"), "{:?}", days[2].items);
    let c = client
        .compatibility(pb::CompatibilityRequest {
            a: Some(birth("1990-05-15", "14:30")),
            b: Some(birth("1992-11-03", "08:00")),
        })
        .await
        .expect("compatibility")
        .into_inner();
    assert!(c.score <= 100);
    let total: f64 = c.factors.iter().map(|f| f.weight).sum();
    assert!((total - 1.0).abs() < 1e-6, "weights sum to {total}");
}

fn pillar(s: &str) -> pb::Pillar {
    let mut chars = s.chars();
    pb::Pillar {
        heavenly_stem: chars.next().map(String::from).unwrap_or_default(),
        earthly_branch: chars.next().map(String::from).unwrap_or_default(),
    }
}

fn natal(y: &str, m: &str, d: &str, h: &str) -> pb::NatalPillars {
    pb::NatalPillars { year: Some(pillar(y)), month: Some(pillar(m)), day: Some(pillar(d)), hour: Some(pillar(h)) }
}

#[tokio::test(flavor = "multi_thread")]
async fn read_transits_answers_in_request_order_with_the_natal_strength() {
    let app = spawn_app().await;
    let mut client = app.client().await;
    let r = client
        .read_transits(pb::ReadTransitsRequest {
            natal: Some(natal("壬子", "壬寅", "甲寅", "甲子")),
            pillars: vec![pillar("庚申"), pillar("己巳")],
        })
        .await
        .expect("transits")
        .into_inner();
    assert_eq!(r.day_master, "甲");
    assert_eq!(r.natal_strength.as_ref().map(|s| s.verdict.as_str()), Some("身強"));
    assert_eq!(r.transits.len(), 2);
    let first = &r.transits[0];
    assert_eq!(first.pillar.as_ref().map(|p| p.heavenly_stem.as_str()), Some("庚"));
    assert_eq!(first.stem_ten_god, "偏官");
    assert_eq!((first.stem_element.as_str(), first.branch_element.as_str()), ("metal", "metal"));
    assert_eq!(first.support, 1.0);
    assert!(first.relations.iter().any(|rel| rel.kind == "clash" && rel.name == "冲" && !rel.favorable));
    let second = &r.transits[1];
    assert!(
        second
            .relations
            .iter()
            .any(|rel| rel.kind == "stem_combine" && rel.natal_position == "day" && rel.natal == "甲" && rel.favorable)
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn read_transits_refuses_a_bad_natal_chart_or_too_many_pillars() {
    let app = spawn_app().await;
    let mut client = app.client().await;
    let cases = [
        pb::ReadTransitsRequest { natal: None, pillars: vec![pillar("甲子")] },
        pb::ReadTransitsRequest {
            natal: Some(pb::NatalPillars { hour: None, ..natal("甲子", "丙寅", "戊辰", "庚午") }),
            pillars: vec![],
        },
        // 甲丑 is not one of the sixty pairs.
        pb::ReadTransitsRequest { natal: Some(natal("甲丑", "丙寅", "戊辰", "庚午")), pillars: vec![] },
        pb::ReadTransitsRequest {
            natal: Some(natal("甲子", "丙寅", "戊辰", "庚午")), pillars: vec![pillar("X子")]
        },
        pb::ReadTransitsRequest {
            natal: Some(natal("甲子", "丙寅", "戊辰", "庚午")),
            pillars: vec![pillar("甲子"); 201],
        },
    ];
    for request in cases {
        let err = client.read_transits(request).await.expect_err("refused");
        assert_eq!(err.code(), Code::InvalidArgument);
        assert_eq!(err.metadata().get("x-meguri-code").and_then(|v| v.to_str().ok()), Some("INVALID_ARGUMENT"));
    }
    let ok = client
        .read_transits(pb::ReadTransitsRequest {
            natal: Some(natal("甲子", "丙寅", "戊辰", "庚午")),
            pillars: vec![pillar("甲子"); 200],
        })
        .await
        .expect("200 pillars are allowed");
    assert_eq!(ok.into_inner().transits.len(), 200);
}
