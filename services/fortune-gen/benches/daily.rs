//! The built-in daily reading: `cargo bench -p fortune-gen --bench daily`.
//!
//! - "map facts": bazi-engine's answers (a chart, an almanac day, two transits) → the facts of
//!   `fortune-reading`, as `GetDailyReading` maps them.
//! - "build reading": `fortune_reading::daily` from those facts with a 30-day history.
//! - "map + build": both, the CPU a first request of the day spends in fortune-gen itself (the
//!   two bazi-engine calls and the database are not included).

mod fixtures;

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use fortune_gen::engine::Builtin;

use fixtures::{almanac_day, chart, history, map, transits};

fn daily(c: &mut Criterion) {
    let chart = chart();
    let day = almanac_day();
    let answer = transits();
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
