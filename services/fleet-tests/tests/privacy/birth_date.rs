//! A friend cannot work out a member's birth date: for each of 200 members, at least 60 birth
//! dates between 1900-01-01 and 2030-12-31 are consistent with everything their friend receives.
//!
//! What a friend receives about a member, every field (the test fails on a field it does not know):
//! - `GET /api/friends`: the member's public fields, `since`, `compatibilityStatus` and
//!   `compatibilityScore`;
//! - `GET /api/friends/{id}/compatibility`: the public fields, `status`, `score`, `summary`,
//!   `factors` (`key`, `label`, `score`, `detail`), `youBring`, `friendBrings`, `computedAt`;
//! - `GET /api/friend-updates`: whether the member has a card among the day's three, and its `id`,
//!   `text` and public fields. The share image is drawn in the browser from exactly that text and
//!   the display name (frontend/src/features/home/utils/share-image.ts); nothing else goes into it.
//! - Chat receives nothing about a friend: a compatibility question in chat carries the birth data
//!   the asker types themself (services/chat/src/domain/target.rs), so it is not a way in.
//!
//! A date is consistent when some birth that day gives a chart whose face (day master and 喜神,
//! `FriendFace::of`) makes social and fortune-gen produce exactly what was observed: the test
//! renders each of the fifty faces through the services' own functions (`Reading::of`,
//! `friend_updates::build` with the member's face replaced) against the viewer's chart, keeps the
//! faces that reproduce every birth-derived field, and counts the dates that can show one of them
//! (`candidates`). The member's real face must be among those kept, or the model is wrong.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use fortune_gen::domain::friend_updates::{self, FriendRef};
use futures_util::future::join_all;
use meguri_auth::{Role, Subject, TokenMinter};
use meguri_ganzhi::{FriendFace, Stem};
use meguri_proto::bazi_engine as be;
use meguri_proto::identity as id;
use meguri_testkit::Bearer;
use secrecy::SecretString;
use serde_json::{Value, json};
use social::domain::{OwnChart, Reading};

use crate::candidates::{self, DateFaces};
use crate::helpers::{Fleet, Member, SECRET, eventually, spawn_with_fortune, username};

const MEMBERS: usize = 200;
const AT_LEAST: usize = 60;
const TOKYO: &str = "/api/friend-updates?timezoneOffset=-540";

/// Places members are born in (label, longitude, latitude), or none.
const PLACES: [Option<(&str, f64, f64)>; 5] = [
    None,
    Some(("東京都, 日本", 139.69, 35.69)),
    Some(("大阪市, 大阪府, 日本", 135.50, 34.69)),
    Some(("札幌市, 北海道, 日本", 141.35, 43.06)),
    Some(("那覇市, 沖縄県, 日本", 127.68, 26.21)),
];

/// A member's birth as they typed it at sign-up.
#[derive(Clone, Debug)]
struct Birth {
    date: NaiveDate,
    /// `HH:MM`, 01:00..=22:59 (so the day pillar is the civil date's wherever the place puts the
    /// solar time, and no summer-time gap of 1948–1951 is hit); `None` for an unknown time.
    time: Option<String>,
    place: Option<(&'static str, f64, f64)>,
    female: bool,
}

/// splitmix64: a fixed seed gives the same members on every run.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Members born 1900-01-01..=2025-12-31 (identity takes no birth date after today; the dates
/// tried against what a friend sees run to 2030 all the same).
fn births(n: usize) -> Vec<Birth> {
    let mut random = Random(23);
    let first = NaiveDate::from_ymd_opt(candidates::FIRST.0, candidates::FIRST.1, candidates::FIRST.2).expect("date");
    let last = NaiveDate::from_ymd_opt(2025, 12, 31).expect("date");
    let days = u64::try_from((last - first).num_days()).expect("positive") + 1;
    (0..n)
        .map(|_| {
            let date = first + chrono::Days::new(random.below(days));
            let time = (random.below(5) != 0).then(|| format!("{:02}:{:02}", 1 + random.below(22), random.below(60)));
            let place = PLACES[usize::try_from(random.below(5)).expect("small")];
            Birth { date, time, place, female: random.below(2) == 0 }
        })
        .collect()
}

impl Birth {
    /// The sign-up fields.
    fn body(&self) -> Value {
        let mut body =
            json!({"birthDate": self.date.to_string(), "gender": if self.female { "female" } else { "male" }});
        if let Some(time) = &self.time {
            body["birthTime"] = json!(time);
        }
        if let Some((label, longitude, latitude)) = self.place {
            body["birthLocation"] = json!(label);
            body["coordinates"] = json!({"longitude": longitude, "latitude": latitude});
        }
        body
    }
}

fn service() -> Bearer {
    let minter =
        TokenMinter::new(&SecretString::from(SECRET.to_owned()), std::time::Duration::from_secs(60)).expect("minter");
    Bearer { minter, subject: Subject::Anonymous, role: Role::Service }
}

/// The engine's chart of `who`, computed as social and fortune-gen compute it: identity's birth
/// profile (where a birth without a place is placed in Tokyo) → `engine_birth_input` → the
/// engine's CalculateChart, with service tokens.
async fn engine_chart(fleet: &Fleet, who: &Member) -> be::Chart {
    let channel = meguri_testkit::connect(&fleet.identity_addr).await;
    let mut identity = id::identity_client::IdentityClient::with_interceptor(channel, service());
    let profile = identity
        .get_birth_profile(id::GetBirthProfileRequest { user_id: who.id.clone() })
        .await
        .expect("a birth profile")
        .into_inner();
    let channel = meguri_testkit::connect(&fleet.engine_url()).await;
    let mut engine = be::bazi_engine_client::BaziEngineClient::with_interceptor(channel, service());
    let request = be::CalculateChartRequest { birth: meguri_proto::convert::engine_birth_input(&profile) };
    engine.calculate_chart(request).await.expect("a chart").into_inner().chart.expect("a chart")
}

fn keys(v: &Value) -> Vec<&str> {
    let mut keys: Vec<&str> =
        v.as_object().unwrap_or_else(|| panic!("an object: {v}")).keys().map(String::as_str).collect();
    keys.sort_unstable();
    keys
}

/// The object's keys are exactly `expected` (sorted): a new field fails here until the test knows
/// whether it says something of the birth.
fn assert_fields(v: &Value, expected: &[&str]) {
    let mut want = expected.to_vec();
    want.sort_unstable();
    assert_eq!(keys(v), want, "{v}");
}

const MEMBER_FIELDS: [&str; 4] = ["firstName", "profileImageUrl", "userId", "username"];

/// What the viewer received about one member: the birth-derived fields only (the others are
/// checked to be the public fields, a status or a timestamp).
#[derive(Clone, Debug, PartialEq)]
struct Observed {
    list_score: Value,
    score: Value,
    summary: Value,
    factors: Value,
    you_bring: Value,
    friend_brings: Value,
}

impl Observed {
    fn of(listed: &Value, compatibility: &Value) -> Self {
        let mut list_fields = MEMBER_FIELDS.to_vec();
        list_fields.extend(["compatibilityScore", "compatibilityStatus", "since"]);
        assert_fields(listed, &list_fields);
        assert_eq!(listed["compatibilityStatus"], "ready", "{listed}");
        assert_fields(
            compatibility,
            &["computedAt", "factors", "friend", "friendBrings", "score", "status", "summary", "youBring"],
        );
        assert_fields(&compatibility["friend"], &MEMBER_FIELDS);
        for factor in compatibility["factors"].as_array().expect("factors") {
            assert_fields(factor, &["detail", "key", "label", "score"]);
        }
        Self {
            list_score: listed["compatibilityScore"].clone(),
            score: compatibility["score"].clone(),
            summary: compatibility["summary"].clone(),
            factors: compatibility["factors"].clone(),
            you_bring: compatibility["youBring"].clone(),
            friend_brings: compatibility["friendBrings"].clone(),
        }
    }

    /// What social would have sent for a friend of face `face`.
    fn expected(viewer: &OwnChart, face: FriendFace) -> Self {
        let r = Reading::of(viewer, face);
        let factors: Vec<Value> = r
            .view
            .factors
            .iter()
            .map(|f| json!({"key": f.key, "label": f.label, "score": f.score, "detail": f.detail}))
            .collect();
        Self {
            list_score: json!(r.score),
            score: json!(r.score),
            summary: json!(r.summary),
            factors: Value::Array(factors),
            you_bring: json!(r.view.you_bring),
            friend_brings: json!(r.view.friend_brings),
        }
    }
}

/// The day's cards as `(id, text)`, after checking every field.
fn cards(body: &Value) -> Vec<(String, String)> {
    assert_fields(body, &["date", "updates"]);
    body["updates"]
        .as_array()
        .expect("updates")
        .iter()
        .map(|u| {
            assert_fields(u, &["friends", "id", "text"]);
            for f in u["friends"].as_array().expect("friends") {
                assert_fields(f, &MEMBER_FIELDS);
            }
            (u["id"].as_str().expect("id").to_owned(), u["text"].as_str().expect("text").to_owned())
        })
        .collect()
}

fn friend_ref(listed: &Value) -> FriendRef {
    FriendRef {
        user_id: listed["userId"].as_str().expect("userId").parse().expect("a user id"),
        username: listed["username"].as_str().expect("username").to_owned(),
        first_name: listed["firstName"].as_str().map(str::to_owned),
        profile_image_url: listed["profileImageUrl"].as_str().map(str::to_owned),
    }
}

async fn in_chunks<T, F, Fut>(n: usize, make: F) -> Vec<T>
where
    F: Fn(usize) -> Fut,
    Fut: std::future::Future<Output = T>,
{
    let mut out = Vec::with_capacity(n);
    for start in (0..n).step_by(20) {
        out.extend(join_all((start..n.min(start + 20)).map(&make)).await);
    }
    out
}

async fn chart_ready(fleet: &Fleet, who: &Member) {
    eventually(&format!("{}'s chart", who.username), || async {
        let (_, user) = fleet.get("/api/auth/user", who).await;
        (user["baziChartStatus"] == "ready").then_some(())
    })
    .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn every_member_keeps_at_least_sixty_birth_dates_consistent_with_what_a_friend_receives() {
    // The engine's faces of every date, computed while the fleet signs the members up.
    let dates = tokio::task::spawn_blocking(candidates::all_dates);
    let fleet = spawn_with_fortune().await;
    let births = births(MEMBERS);
    let viewer_birth = Birth {
        date: NaiveDate::from_ymd_opt(1992, 8, 14).expect("date"),
        time: Some("10:30".into()),
        place: None,
        female: true,
    };
    let viewer = fleet.member(&username("viewer"), viewer_birth.body()).await;
    let (fleet, births, viewer) = (&fleet, &births, &viewer);
    let members: Vec<Member> =
        in_chunks(MEMBERS, |i| async move { fleet.member(&username(&format!("m{i}")), births[i].body()).await }).await;
    let members = &members;
    chart_ready(fleet, viewer).await;
    for m in members {
        chart_ready(fleet, m).await;
    }
    in_chunks(MEMBERS, |i| async move {
        let m = &members[i];
        let (status, body) = fleet.post("/api/friends/requests", json!({"userId": viewer.id}), m).await;
        assert_eq!(status, 200, "{body}");
    })
    .await;
    for m in members {
        let (status, body) = fleet.post(&format!("/api/friends/requests/{}/accept", m.id), json!({}), viewer).await;
        assert_eq!(status, 200, "{body}");
    }
    let listed: BTreeMap<String, Value> = eventually("every compatibility", || async {
        let (_, body) = fleet.get("/api/friends", viewer).await;
        let friends = body["friends"].as_array()?.clone();
        (friends.len() == MEMBERS && friends.iter().all(|f| f["compatibilityStatus"] == "ready"))
            .then(|| friends.into_iter().map(|f| (f["userId"].as_str().expect("userId").to_owned(), f)).collect())
    })
    .await;

    // Everything the viewer receives about the members.
    let compatibilities: Vec<Value> = in_chunks(MEMBERS, |i| async move {
        let (status, body) = fleet.get(&format!("/api/friends/{}/compatibility", members[i].id), viewer).await;
        assert_eq!(status, 200, "{body}");
        body
    })
    .await;
    let (status, updates) = fleet.get(TOKYO, viewer).await;
    assert_eq!(status, 200, "{updates}");
    let observed_cards = cards(&updates);
    let date = NaiveDate::parse_from_str(updates["date"].as_str().expect("date"), "%Y-%m-%d").expect("a date");

    // The viewer's own chart and every member's real face, as the services compute them.
    let viewer_chart = engine_chart(fleet, viewer).await;
    let viewer_own = social::peers::own_chart(&viewer_chart).expect("the viewer's chart");
    let viewer_dm: Stem = fortune_gen::facts::friend_face(&viewer_chart).expect("a face").day_master;
    let mut real: Vec<FriendFace> = Vec::with_capacity(MEMBERS);
    for m in members {
        real.push(fortune_gen::facts::friend_face(&engine_chart(fleet, m).await).expect("a face"));
    }
    let refs: Vec<FriendRef> = members.iter().map(|m| friend_ref(&listed[&m.id])).collect();
    let dates: DateFaces = dates.await.expect("the dates' faces");

    let mut counts = Vec::with_capacity(MEMBERS);
    let mut own_date_kept = 0;
    for (i, m) in members.iter().enumerate() {
        let observed = Observed::of(&listed[&m.id], &compatibilities[i]);
        let cards_of = |f: FriendFace| {
            let mut faces: Vec<(FriendRef, FriendFace)> = refs.iter().cloned().zip(real.iter().copied()).collect();
            faces[i].1 = f;
            friend_updates::build(date, Some(viewer_dm), &faces).into_iter().map(|u| (u.id, u.text)).collect::<Vec<_>>()
        };
        let real_seen = Observed::expected(&viewer_own, real[i]);
        assert_eq!(real_seen, observed, "{} ({:?}): the real face must give what social sent", m.username, births[i]);
        assert_eq!(cards_of(real[i]), observed_cards, "the real faces must give the cards fortune-gen sent");
        let consistent: Vec<FriendFace> = FriendFace::all()
            .filter(|f| Observed::expected(&viewer_own, *f) == observed && cards_of(*f) == observed_cards)
            .collect();
        let mask = consistent.iter().fold(0_u64, |mask, f| mask | (1 << f.index()));
        own_date_kept += usize::from(dates.holds(births[i].date, mask));
        counts.push((dates.count(mask), i));
    }

    counts.sort_unstable();
    let (min, median) = (counts[0].0, counts[MEMBERS / 2].0);
    println!(
        "birth dates 1900-01-01..2030-12-31 consistent with what a friend receives, over {MEMBERS} members: \
         min {min}, median {median}, max {}; own date among them for {own_date_kept}",
        counts[MEMBERS - 1].0
    );
    let (fewest, at) = counts[0];
    assert!(fewest >= AT_LEAST, "{} ({:?}) keeps only {fewest} dates", members[at].username, births[at]);
    // Nothing the viewer receives names a member's birth data as typed.
    let everything = format!("{compatibilities:?}{updates}{listed:?}");
    for b in births {
        assert!(!everything.contains(&b.date.to_string()), "{}", b.date);
    }
}
