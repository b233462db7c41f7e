//! The built-in daily reading: `cargo bench -p fortune-gen --bench daily`.
//!
//! - "map facts": bazi-engine's answers (a chart, an almanac day, two transits) → the facts of
//!   `fortune-reading`, as `GetDailyReading` maps them.
//! - "build reading": `fortune_reading::daily` from those facts with a 30-day history.
//! - "map + build": both, the CPU a first request of the day spends in fortune-gen itself (the
//!   two bazi-engine calls and the database are not included).

use std::collections::BTreeSet;
use std::hint::black_box;

use chrono::NaiveDate;
use criterion::{Criterion, criterion_group, criterion_main};
use fortune_gen::engine::{Builtin, DailyInput};
use fortune_gen::facts;
use fortune_reading::History;
use meguri_proto::bazi_engine as be;

fn p(s: &str) -> be::Pillar {
    let mut c = s.chars();
    be::Pillar {
        heavenly_stem: c.next().map(String::from).unwrap_or_default(),
        earthly_branch: c.next().map(String::from).unwrap_or_default(),
    }
}

/// 1990-05-15 12:00 in Tokyo, as CalculateChart answers (the fields a reading uses).
fn chart() -> be::Chart {
    be::Chart {
        year: Some(p("庚午")),
        month: Some(p("辛巳")),
        day: Some(p("庚辰")),
        hour: Some(p("壬午")),
        elements: Some(be::Elements {
            wood: 0.0,
            fire: 3.0,
            earth: 1.0,
            metal: 3.0,
            water: 1.0,
            dominant: "fire".into(),
        }),
        day_master: "庚".into(),
        strength: Some(be::Strength {
            score: 43.0,
            verdict: "中和".into(),
            reasons: vec![],
            favorable_elements: vec!["wood".into(), "water".into()],
            unfavorable_elements: vec!["fire".into()],
        }),
        time_known: true,
        ..Default::default()
    }
}

fn transit(
    pillar: &str,
    stem_god: &str,
    branch_god: &str,
    stage: &str,
    elements: (&str, &str),
    support: f64,
) -> be::Transit {
    be::Transit {
        pillar: Some(p(pillar)),
        stem_ten_god: stem_god.into(),
        branch_ten_god: branch_god.into(),
        life_stage: stage.into(),
        stem_element: elements.0.into(),
        branch_element: elements.1.into(),
        relations: vec![
            be::TransitRelation {
                kind: "six_harmony".into(),
                name: "六合".into(),
                natal_position: "day".into(),
                natal: "辰".into(),
                favorable: true,
            },
            be::TransitRelation {
                kind: "clash".into(),
                name: "冲".into(),
                natal_position: "year".into(),
                natal: "午".into(),
                favorable: false,
            },
        ],
        kong_wang: false,
        nayin: "剣鋒金".into(),
        support,
    }
}

fn almanac_day() -> be::AlmanacDay {
    let item = |id: &str, name: &str, kind: &str| be::AlmanacItem {
        id: id.into(),
        name: name.into(),
        description: String::new(),
        kind: kind.into(),
        source: String::new(),
    };
    be::AlmanacDay {
        date: "2026-11-22".into(),
        rokuyo: "大安".into(),
        day_pillar: Some(p("癸酉")),
        month_pillar: Some(p("己亥")),
        year_pillar: Some(p("丙午")),
        sekki_month: 10,
        items: vec![item("ichiryu_manbai", "一粒万倍日", "rekichu"), item("taian", "大安", "rokuyo")],
        ..Default::default()
    }
}

fn history() -> History {
    History {
        recent_lines: (0..30).map(|i| format!("過去の一行その{i}です。")).collect(),
        recent_words: ["挑戦", "休息", "感謝", "整理"].iter().map(|w| (*w).to_owned()).collect::<BTreeSet<_>>(),
    }
}

fn map(chart: &be::Chart, day: &be::AlmanacDay, answer: &be::ReadTransitsResponse, history: &History) -> DailyInput {
    let date = NaiveDate::from_ymd_opt(2026, 11, 22).expect("date");
    let mut transits = facts::transits(answer, 2).expect("two transits").into_iter();
    let (Some(d), Some(m)) = (transits.next(), transits.next()) else { panic!("two transits") };
    DailyInput {
        natal: facts::natal(chart).expect("natal"),
        day: facts::day_facts(date, day, d, m),
        history: history.clone(),
        seed: 0x5eed,
    }
}

fn daily(c: &mut Criterion) {
    let chart = chart();
    let day = almanac_day();
    let answer = be::ReadTransitsResponse {
        transits: vec![
            transit("癸酉", "傷官", "劫財", "帝旺", ("water", "metal"), 0.5),
            transit("己亥", "印綬", "食神", "病", ("earth", "water"), 0.0),
        ],
        ..Default::default()
    };
    let history = history();
    let input = map(&chart, &day, &answer, &history);

    c.bench_function("map facts", |b| b.iter(|| black_box(map(&chart, &day, &answer, &history))));
    c.bench_function("build reading", |b| b.iter(|| black_box(Builtin::daily_now(black_box(&input)))));
    c.bench_function("map + build", |b| {
        b.iter(|| Builtin::daily_now(&map(black_box(&chart), black_box(&day), black_box(&answer), &history)))
    });
}

criterion_group!(benches, daily);
criterion_main!(benches);
