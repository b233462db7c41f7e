//! Friend updates: `cargo bench -p fortune-gen --bench friend_updates` (`make bench-friend-updates`
//! prints the figures side by side with their ratio).
//!
//! - `friend_updates/50_friends`: one member's day from 50 friends' stored charts: each chart
//!   decoded from its stored bytes and read as its face (`facts::friend_face`), then
//!   `domain::friend_updates::build` (the day pillar read against each face, scored, the three
//!   most notable kept and written) — the CPU a first request of the day spends in fortune-gen.
//! - `friend_updates/50_friends_postgres`: the use case's build (`Fortune::build_friend_updates`):
//!   the 51 charts (the friends' and the member's) loaded from PostgreSQL in one query, then the
//!   above. Skipped with a notice when PostgreSQL (`DATABASE_ADMIN_URL`) does not answer.
//! - `friend_updates/daily_reading_baseline`: the baseline, one built-in daily reading from the
//!   engine's answers (map + build, as the `daily` bench).
//!
//! Neither includes a call to another service (social's ListFriendsOf; the daily reading's two
//! bazi-engine calls).

mod fixtures;

use std::hint::black_box;
use std::sync::Arc;
use std::time::Duration;

use chrono::NaiveDate;
use criterion::Criterion;
use fortune_gen::config::Timings;
use fortune_gen::domain::friend_updates::{self, FriendRef};
use fortune_gen::engine::{Builtin, Engines};
use fortune_gen::facts;
use fortune_gen::peers::{PeerAddrs, Peers};
use fortune_gen::testkit::{ManualClock, TestDb, admin_url};
use fortune_gen::usecases::Fortune;
use meguri_ganzhi::FriendFace;
use meguri_ids::UserId;
use meguri_proto::bazi_engine as be;
use prost::Message as _;
use secrecy::SecretString;

const FRIENDS: i64 = 50;

fn pillar(index: i64) -> be::Pillar {
    const STEMS: [&str; 10] = ["甲", "乙", "丙", "丁", "戊", "己", "庚", "辛", "壬", "癸"];
    const BRANCHES: [&str; 12] = ["子", "丑", "寅", "卯", "辰", "巳", "午", "未", "申", "酉", "戌", "亥"];
    let i = usize::try_from(index.rem_euclid(60)).expect("0..60");
    be::Pillar { heavenly_stem: STEMS[i % 10].to_owned(), earthly_branch: BRANCHES[i % 12].to_owned() }
}

/// A stored chart as CalculateChart answers it, its pillars spread over the sixty by `n`; the
/// fixture's full chart (elements, details, strength reasons…) so decoding costs what it does in
/// production.
fn chart(n: i64) -> be::Chart {
    const ELEMENTS: [&str; 5] = ["wood", "fire", "earth", "metal", "water"];
    let e = |k: i64| ELEMENTS[usize::try_from(k.rem_euclid(5)).expect("0..5")].to_owned();
    let base = fixtures::chart();
    let day = pillar(n * 7 + 2);
    let mut strength = base.strength.clone().unwrap_or_default();
    strength.favorable_elements = vec![e(n), e(n + 1)];
    strength.unfavorable_elements = vec![e(n + 3)];
    be::Chart {
        year: Some(pillar(n * 11 + 3)),
        month: Some(pillar(n * 13 + 5)),
        day_master: day.heavenly_stem.clone(),
        day: Some(day),
        hour: Some(pillar(n * 17 + 1)),
        strength: Some(strength),
        time_known: n % 2 == 0,
        ..base
    }
}

fn friends() -> Vec<(FriendRef, Vec<u8>)> {
    (0..FRIENDS)
        .map(|n| {
            let friend = FriendRef {
                user_id: UserId::new(),
                username: format!("friend{n}"),
                first_name: Some(format!("友だち{n}")),
                profile_image_url: Some(format!("https://img.example.jp/{n}.png")),
            };
            (friend, chart(n).encode_to_vec())
        })
        .collect()
}

/// Decode, read and build, as the use case does after its query.
fn build(date: NaiveDate, mine: &[u8], stored: &[(FriendRef, Vec<u8>)]) -> Vec<friend_updates::FriendUpdate> {
    let face = |bytes: &[u8]| -> FriendFace {
        facts::friend_face(&be::Chart::decode(bytes).expect("a chart")).expect("a readable chart")
    };
    let me = face(mine);
    let with_charts: Vec<(FriendRef, FriendFace)> = stored.iter().map(|(f, bytes)| (f.clone(), face(bytes))).collect();
    friend_updates::build(date, Some(me.day_master), &with_charts)
}

/// A `Fortune` over a fresh schema holding the member's and the friends' ready charts; `None`
/// when PostgreSQL does not answer.
fn with_postgres(
    runtime: &tokio::runtime::Runtime,
    me: UserId,
    stored: &[(FriendRef, Vec<u8>)],
) -> Option<(Fortune, TestDb)> {
    runtime.block_on(async {
        let db =
            match tokio::time::timeout(Duration::from_secs(10), TestDb::create(&admin_url(), fortune_gen::MIGRATIONS))
                .await
            {
                Ok(Ok(db)) => db,
                Ok(Err(e)) => {
                    eprintln!("friend_updates/50_friends_postgres skipped: PostgreSQL: {e:#}");
                    return None;
                }
                Err(_) => {
                    eprintln!("friend_updates/50_friends_postgres skipped: PostgreSQL did not answer");
                    return None;
                }
            };
        let mut conn = db.pool.get().await.expect("a connection");
        let insert = |user: UserId, bytes: Vec<u8>| {
            diesel::sql_query(
                "INSERT INTO charts (user_id, status, chart, input_fingerprint, built_at, created_at, updated_at) \
                 VALUES ($1, 'ready', $2, 'bench', now(), now(), now())",
            )
            .bind::<diesel::sql_types::Uuid, _>(*user.as_uuid())
            .bind::<diesel::sql_types::Bytea, _>(bytes)
        };
        use diesel_async::RunQueryDsl as _;
        insert(me, chart(1000).encode_to_vec()).execute(&mut conn).await.expect("insert");
        for (f, bytes) in stored {
            insert(f.user_id, bytes.clone()).execute(&mut conn).await.expect("insert");
        }
        drop(conn);
        let secret = SecretString::from("bench-secret-that-is-long-enough-0123456789");
        let closed = "http://127.0.0.1:1";
        let addrs = PeerAddrs { bazi_engine: closed, identity: closed, social: closed };
        let peers = Peers::new(addrs, &secret, Duration::from_secs(1)).expect("peers");
        let engines = Engines::from_config(None, Duration::from_secs(1));
        let fortune = Fortune::new(db.pool.clone(), peers, engines, Arc::new(ManualClock::new()), Timings::default());
        Some((fortune, db))
    })
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    let date = NaiveDate::from_ymd_opt(2026, 11, 22).expect("date");
    let stored = friends();
    let mine = chart(1000).encode_to_vec();
    assert_eq!(build(date, &mine, &stored).len(), friend_updates::MAX_UPDATES);

    let daily_chart = fixtures::chart();
    let day = fixtures::almanac_day();
    let answer = fixtures::transits();
    let history = fixtures::history();

    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(1).enable_all().build().expect("runtime");
    let me = UserId::new();
    let postgres = with_postgres(&runtime, me, &stored);

    let mut group = c.benchmark_group("friend_updates");
    group.bench_function("50_friends", |b| b.iter(|| black_box(build(date, black_box(&mine), black_box(&stored)))));
    if let Some((fortune, _db)) = &postgres {
        let list: Vec<FriendRef> = stored.iter().map(|(f, _)| f.clone()).collect();
        group.bench_function("50_friends_postgres", |b| {
            b.iter(|| {
                let record = runtime
                    .block_on(fortune.build_friend_updates(me, date, list.clone()))
                    .expect("built from PostgreSQL");
                assert_eq!(record.updates.len(), friend_updates::MAX_UPDATES);
                black_box(record)
            });
        });
    }
    group.bench_function("daily_reading_baseline", |b| {
        b.iter(|| {
            Builtin::daily_now(&fixtures::map(black_box(&daily_chart), black_box(&day), black_box(&answer), &history))
        });
    });
    group.finish();
    drop(postgres);
    c.final_summary();
}
