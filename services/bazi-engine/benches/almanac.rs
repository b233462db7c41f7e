//! Almanac benchmarks: `cargo bench -p bazi-engine --bench almanac`.
//!
//! - "day (warm)": one `almanac::day` once its year's caches are filled, the steady state of the
//!   service.
//! - "range of 366 days (warm)": the largest request `almanac::range` accepts.
//! - "day (cold year)": the first `almanac::day` of a year nothing has touched yet, which computes
//!   that year's new moons, solar terms, 雑節 longitudes, 旧暦 months and holidays. The caches are
//!   process-wide and cannot be emptied, so every iteration takes a fresh year (every second year
//!   from 1900, so that the previous year's terms are cold too); the sample is kept small so the
//!   100 fresh years suffice.

use bazi_engine::almanac;
use chrono::NaiveDate;
use criterion::{Criterion, SamplingMode, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::{Duration, Instant};

fn date(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).expect("valid date")
}

fn cold(c: &mut Criterion) {
    let mut group = c.benchmark_group("almanac cold");
    group.sampling_mode(SamplingMode::Flat).sample_size(10).warm_up_time(Duration::from_millis(1));
    group.measurement_time(Duration::from_secs(3));
    let mut next_year = 1900;
    group.bench_function("day (cold year)", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                assert!(next_year <= 2100, "ran out of cold years: lower measurement_time");
                let d = date(next_year, 6, 15);
                next_year += 2;
                let start = Instant::now();
                black_box(almanac::day(black_box(d)).expect("in range"));
                total += start.elapsed();
            }
            total
        })
    });
    group.finish();
    eprintln!("cold-year benchmark used years 1900..{next_year} (step 2)");
}

fn warm(c: &mut Criterion) {
    let today = date(2026, 11, 21);
    almanac::range(date(2026, 1, 1), date(2026, 12, 31)).expect("warm-up");
    c.bench_function("day (warm)", |b| b.iter(|| almanac::day(black_box(today)).expect("in range")));
    c.bench_function("range of 366 days (warm)", |b| {
        b.iter(|| almanac::range(black_box(date(2026, 1, 1)), black_box(date(2027, 1, 1))).expect("in range"))
    });
}

// Cold first: the warm benchmarks fill 2025–2027 only, but keep the order obvious.
criterion_group!(benches, cold, warm);
criterion_main!(benches);
