//! Place search after the one-time load: `cargo bench -p bazi-engine --bench places`.

use std::hint::black_box;
use std::time::Instant;

use bazi_engine::places;
use criterion::{Criterion, criterion_group, criterion_main};

const QUERIES: [&str; 6] = ["大阪", "tokyo", "さっぽろ", "New York", "さ", "a"];

fn bench_search(c: &mut Criterion) {
    let started = Instant::now();
    let first = places::search("東京", 5);
    println!("first search (decompress, parse, index): {:?}, {} hits", started.elapsed(), first.len());

    let mut group = c.benchmark_group("places_search");
    for q in QUERIES {
        group.bench_function(q, |b| b.iter(|| places::search(black_box(q), black_box(5))));
    }
    group.finish();

    c.bench_function("places_resolve_label", |b| b.iter(|| places::resolve(black_box("札幌市中央区, 北海道, 日本"))));
}

criterion_group!(benches, bench_search);
criterion_main!(benches);
