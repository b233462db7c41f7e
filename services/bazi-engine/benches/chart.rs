//! Chart benchmarks: `cargo bench -p bazi-engine --bench chart`.
//! The solar terms and equation-of-time tables of the years used are computed before measuring
//! ("precomputed terms"), as the service does at start-up.

use bazi_engine::chart;
use bazi_engine::input::{BirthInput, RawBirthInput};
use bazi_engine::pillars::{count_elements, day_and_hour, year_and_month};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

fn input(date: &str, time: &str) -> BirthInput {
    BirthInput::parse(&RawBirthInput {
        birth_date: Some(date.into()),
        birth_time: Some(time.into()),
        longitude: Some(139.6503),
        latitude: Some(35.6762),
        timezone: Some("Asia/Tokyo".into()),
        ..Default::default()
    })
    .expect("valid input")
}

fn benches(c: &mut Criterion) {
    let births = [input("1990-05-15", "14:30"), input("1949-07-01", "12:00"), input("2024-02-04", "17:27")];
    for b in &births {
        chart::calculate(b).expect("warm-up");
    }
    let r = chart::calculate(&births[0]).expect("chart");
    let (jd_tt, jd_local) = (r.time.resolved.jd_tt, r.time.resolved.jd_local);

    c.bench_function("pillars (year/month from cached terms, day/hour, elements)", |b| {
        b.iter(|| {
            let (y, m, _) = year_and_month(black_box(jd_tt)).expect("in range");
            let (d, h) = day_and_hour(black_box(jd_local), bazi_engine::input::ZiConvention::Split);
            let p = bazi_engine::pillars::Pillars { year: y, month: m, day: d, hour: h };
            black_box(count_elements(&p, &[0.0; 5]))
        })
    });
    c.bench_function("chart::calculate (apparent time, Asia/Tokyo)", |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % births.len();
            black_box(chart::calculate(black_box(&births[i])).expect("chart"))
        })
    });
    c.bench_function("chart → JSON (the batch line)", |b| {
        b.iter(|| black_box(serde_json::to_string(&r).expect("json")))
    });
}

criterion_group!(name = chart_benches; config = Criterion::default().sample_size(50); targets = benches);
criterion_main!(chart_benches);
