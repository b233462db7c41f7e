//! The diary fleet: the social binary's fleet (bazi-engine, identity, social, the gateway) with
//! notify (its test kit: mail to a directory, a scheduler on a `ManualClock` the test moves) and a
//! gateway that reaches it; the diary routes as a member calls them; what notify did, read from its
//! mail directory and its streams.

use std::collections::HashMap;
use std::time::Duration;

use chrono::{DateTime, Days, NaiveDate, Utc};
use meguri_events::EventsConfig;
use meguri_proto::events::SOCIAL_STREAM;
use meguri_proto::notify::LetterDelivered;
use meguri_proto::social::LetterSealed;
use notify::testkit::{MailTo, TestNotify, TestOptions};
use serde_json::{Value, json};

pub use crate::fleet::{Fleet, MailDir, Member, SECRET, assert_nothing_of, mails, redis_url, username};

/// Japan, as the app sends it (JavaScript's `getTimezoneOffset`: minutes, sign reversed).
pub const JAPAN: i32 = -540;
/// How long a test waits for something asynchronous (an event handled, a mail written).
pub const WAIT: Duration = Duration::from_secs(20);
/// How long a test waits to be sure that something does *not* happen (a second mail, a delivery
/// before its time): many scheduler polls (50 ms) and sender rounds.
pub const QUIET: Duration = Duration::from_millis(600);

/// The mail types of notify this binary counts.
pub const LETTER_MAIL: &str = "future_diary_delivery";
pub const MENTION_MAIL: &str = "mentioned_in_diary";

pub struct DiaryFleet {
    pub fleet: Fleet,
    pub notify: TestNotify,
    pub mail: MailDir,
    redis: redis::aio::MultiplexedConnection,
}

impl std::ops::Deref for DiaryFleet {
    type Target = Fleet;
    fn deref(&self) -> &Fleet {
        &self.fleet
    }
}

/// The fleet with one verified member per stem (verified before notify starts: notify deletes the
/// mail requests that carry the codes), then notify on a fresh schema and a gateway that reaches it.
pub async fn spawn(stems: &[&str]) -> (DiaryFleet, Vec<Member>) {
    let mut fleet = crate::fleet::spawn().await;
    let mut members = Vec::new();
    for stem in stems {
        members.push(fleet.member(&username(stem), json!({})).await);
    }
    let mail = MailDir::temporary();
    let options = TestOptions::new(SECRET, &fleet.prefix, &fleet.identity_addr, MailTo::Dir(mail.0.clone()));
    let notify = notify::testkit::spawn(options).await;
    fleet.use_notify(notify.addr()).await;
    let client = redis::Client::open(redis_url()).expect("redis url");
    let redis = client.get_multiplexed_async_connection().await.expect("redis");
    (DiaryFleet { fleet, notify, mail, redis }, members)
}

/// 07:00 in Japan of `day`: when notify delivers a letter for that day written from Japan.
pub fn morning_of(day: NaiveDate) -> DateTime<Utc> {
    let local = day.and_hms_opt(7, 0, 0).expect("07:00");
    local.and_utc() - chrono::Duration::hours(9)
}

/// The value of header `name` in a raw message, unfolded.
pub fn header(raw: &str, name: &str) -> Option<String> {
    let head = raw.split("\r\n\r\n").next().unwrap_or(raw).replace("\r\n", "\n");
    let unfolded = head.replace("\n ", " ").replace("\n\t", " ");
    let prefix = format!("{}:", name.to_ascii_lowercase());
    unfolded
        .lines()
        .find(|line| line.to_ascii_lowercase().starts_with(&prefix))
        .map(|line| line[prefix.len()..].trim().to_owned())
}

impl DiaryFleet {
    /// Today in Japan by social's clock (which the tests leave alone: only notify's moves).
    pub fn today(&self) -> NaiveDate {
        (self.fleet.social.clock.now() + chrono::Duration::hours(9)).date_naive()
    }

    pub fn tomorrow(&self) -> NaiveDate {
        self.today() + Days::new(1)
    }

    /// `who` writes `body` (a fresh `clientId` added): the new entry.
    pub async fn write(&self, who: &Member, mut body: Value) -> Value {
        body["clientId"] = json!(uuid::Uuid::new_v4().to_string());
        let (status, entry) = self.post("/api/diary", body, who).await;
        assert_eq!(status, 201, "{entry}");
        entry
    }

    /// `who` writes `content` for today.
    pub async fn entry(&self, who: &Member, content: &str) -> Value {
        let body = json!({"content": content, "date": self.today().to_string(), "timezoneOffset": JAPAN});
        self.write(who, body).await
    }

    /// `who` seals `content` for tomorrow; checks it is sealed, and waits until notify has
    /// scheduled it (took in social's LetterSealed).
    pub async fn letter_for_tomorrow(&self, who: &Member, content: &str) -> Value {
        self.letter_for(who, content, self.tomorrow()).await
    }

    /// `who` seals `content` for `day`, as [`Self::letter_for_tomorrow`] (social announced it with
    /// Japan's offset, notify took the announcement in).
    pub async fn letter_for(&self, who: &Member, content: &str, day: NaiveDate) -> Value {
        let body = json!({"content": content, "date": self.today().to_string(), "publishToFuture": true,
                          "deliveryDate": day.to_string(), "timezoneOffset": JAPAN});
        let letter = self.write(who, body).await;
        assert_eq!(letter["sealed"], json!(true), "{letter}");
        assert_eq!(letter["content"], Value::Null, "{letter}");
        assert_eq!(letter["date"], json!(day.to_string()), "{letter}");
        assert_eq!(letter["authoredDate"], json!(self.today().to_string()), "{letter}");
        let id = letter["id"].as_str().expect("id").to_owned();
        let events = EventsConfig::new(&self.fleet.prefix);
        meguri_testkit::eventually("social to announce the sealed letter", WAIT, || {
            let (mut redis, events, id) = (self.redis.clone(), events.clone(), id.clone());
            async move {
                let sealed = meguri_events::testkit::read::<LetterSealed>(&mut redis, &events).await.expect("stream");
                sealed.iter().any(|(_, e)| e.entry_id == id && e.timezone_offset_minutes == JAPAN).then_some(())
            }
        })
        .await;
        self.social_stream_handled_by_notify().await;
        letter
    }

    /// Waits until notify has taken in (and acknowledged) everything on the `social` stream.
    pub async fn social_stream_handled_by_notify(&self) {
        let events = EventsConfig::new(&self.fleet.prefix);
        meguri_testkit::eventually("notify to take in social's events", WAIT, || {
            let (mut redis, events) = (self.redis.clone(), events.clone());
            async move {
                let last: redis::streams::StreamRangeReply = redis::cmd("XREVRANGE")
                    .arg(events.key(SOCIAL_STREAM))
                    .arg("+")
                    .arg("-")
                    .arg("COUNT")
                    .arg(1)
                    .query_async(&mut redis)
                    .await
                    .expect("XREVRANGE");
                let last = last.ids.first()?.id.clone();
                meguri_events::testkit::handled(&mut redis, &events, SOCIAL_STREAM, "notify", &last)
                    .await
                    .expect("XINFO")
                    .then_some(())
            }
        })
        .await;
    }

    /// How many LetterDelivered notify published for `entry_id`.
    pub async fn letters_delivered(&self, entry_id: &str) -> usize {
        let mut redis = self.redis.clone();
        let events = EventsConfig::new(&self.fleet.prefix);
        meguri_events::testkit::read::<LetterDelivered>(&mut redis, &events)
            .await
            .expect("the notify stream")
            .into_iter()
            .filter(|(_, e)| e.entry_id == entry_id)
            .count()
    }

    /// The entries of `who`'s diary (first page) with id `id`.
    pub async fn listed(&self, who: &Member, id: &str) -> Vec<Value> {
        let (status, body) = self.get("/api/diary?limit=50", who).await;
        assert_eq!(status, 200, "{body}");
        body["entries"].as_array().expect("entries").iter().filter(|e| e["id"] == json!(id)).cloned().collect()
    }

    /// `who`'s delivered, unshown letters.
    pub async fn letters(&self, who: &Member) -> Vec<Value> {
        let (status, body) = self.get("/api/diary/letters", who).await;
        assert_eq!(status, 200, "{body}");
        body["letters"].as_array().expect("letters").clone()
    }

    /// `who`'s unseen mention notifications.
    pub async fn mention_notifications(&self, who: &Member) -> Vec<Value> {
        let (status, body) = self.get("/api/mentions/notifications", who).await;
        assert_eq!(status, 200, "{body}");
        body.as_array().expect("a JSON array").clone()
    }

    /// The mails of `mail_type` to `who` (raw messages).
    pub fn mails_to(&self, who: &Member, mail_type: &str) -> Vec<String> {
        mails(&self.mail.0, mail_type)
            .iter()
            .map(|path| std::fs::read_to_string(path).expect("a readable message"))
            .filter(|raw| header(raw, "To").is_some_and(|to| to.contains(&who.email)))
            .collect()
    }

    /// Waits until `who` has `n` mails of `mail_type`, then [`QUIET`] longer, and checks there are
    /// still exactly `n`: the mails.
    pub async fn exactly_mails(&self, who: &Member, mail_type: &str, n: usize) -> Vec<String> {
        meguri_testkit::eventually(&format!("{n} {mail_type} mail(s) to {}", who.username), WAIT, || async {
            (self.mails_to(who, mail_type).len() >= n).then_some(())
        })
        .await;
        tokio::time::sleep(QUIET).await;
        let found = self.mails_to(who, mail_type);
        assert_eq!(found.len(), n, "{mail_type} to {}: {found:?}", who.username);
        found
    }

    /// How many mail requests were ever added to the `mail` stream (notify deletes those it took
    /// in, so the stream's length says nothing).
    pub async fn mail_requests_made(&self) -> i64 {
        let key = EventsConfig::new(&self.fleet.prefix).key(meguri_events::MAIL_STREAM);
        let info: HashMap<String, redis::Value> = redis::cmd("XINFO")
            .arg("STREAM")
            .arg(key)
            .query_async(&mut self.redis.clone())
            .await
            .expect("XINFO STREAM");
        info.get("entries-added").and_then(|v| redis::from_redis_value(v.clone()).ok()).expect("entries-added")
    }

    /// Waits until more than `before` mail requests were made and notify has taken in (and
    /// acknowledged) every one of them.
    pub async fn mail_requests_handled_after(&self, before: i64) {
        let key = EventsConfig::new(&self.fleet.prefix).key(meguri_events::MAIL_STREAM);
        meguri_testkit::eventually("notify to take in the new mail requests", WAIT, || async {
            let mut redis = self.redis.clone();
            let stream: HashMap<String, redis::Value> =
                redis::cmd("XINFO").arg("STREAM").arg(&key).query_async(&mut redis).await.expect("XINFO STREAM");
            let groups: Vec<HashMap<String, redis::Value>> =
                redis::cmd("XINFO").arg("GROUPS").arg(&key).query_async(&mut redis).await.expect("XINFO GROUPS");
            let text = |map: &HashMap<String, redis::Value>, k: &str| {
                map.get(k).and_then(|v| redis::from_redis_value::<String>(v.clone()).ok())
            };
            let added: i64 = stream.get("entries-added").and_then(|v| redis::from_redis_value(v.clone()).ok())?;
            let last = text(&stream, "last-generated-id")?;
            let notify = groups.iter().find(|g| text(g, "name").as_deref() == Some("notify"))?;
            let pending: i64 = notify.get("pending").and_then(|v| redis::from_redis_value(v.clone()).ok())?;
            (added > before && text(notify, "last-delivered-id") == Some(last) && pending == 0).then_some(())
        })
        .await;
    }

    pub async fn put(&self, path: &str, body: Value, who: &Member) -> (u16, Value) {
        self.call(reqwest::Method::PUT, path, Some(body), Some(&who.cookie)).await
    }
}
