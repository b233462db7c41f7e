//! The diary over gRPC: entries, mentions, letters to the future, the lucky day, against a real
//! PostgreSQL and Redis with fakes of identity and bazi-engine.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::atomic::Ordering;

use chrono::{DateTime, Utc};
use meguri_ids::UserId;
use meguri_proto::identity as id;
use meguri_proto::notify::LetterDelivered;
use meguri_proto::notify::mail_requested::{Kind, MentionedInDiary};
use meguri_proto::social as pb;
use meguri_proto::social::{LetterCancelled, LetterSealed};
use tonic::Code;

use crate::helpers::{TestApp, code, member_ref, spawn_app, spawn_with};

fn at(s: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(s).unwrap().to_utc()
}

/// Noon of 2026-11-26 in Japan.
const NOON_JST: &str = "2026-11-26T03:00:00Z";

fn plain(client_id: uuid::Uuid, content: &str, date: &str) -> pb::CreateDiaryEntryRequest {
    pb::CreateDiaryEntryRequest {
        client_id: client_id.to_string(),
        content: content.to_owned(),
        date: date.to_owned(),
        ..Default::default()
    }
}

fn letter(content: &str, delivery: &str) -> pb::CreateDiaryEntryRequest {
    pb::CreateDiaryEntryRequest {
        client_id: uuid::Uuid::new_v4().to_string(),
        content: content.to_owned(),
        date: "2026-11-26".to_owned(),
        publish_to_future: true,
        delivery_date: Some(delivery.to_owned()),
        timezone_offset_minutes: Some(-540),
    }
}

fn entry_ref(id: &str) -> pb::DiaryEntryRef {
    pb::DiaryEntryRef { id: id.to_owned() }
}

/// The range (`from..to`) of the last almanac social asked the engine for.
fn almanac_asked(app: &TestApp) -> Option<String> {
    app.engine.calls_to("GetAlmanac").pop().and_then(|call| call.query)
}

fn usernames(members: &[pb::Member]) -> Vec<&str> {
    members.iter().map(|m| m.username.as_str()).collect()
}

impl TestApp {
    /// The app at noon in Japan on 2026-11-26.
    async fn at_noon() -> Self {
        let app = spawn_app().await;
        app.social.clock.set(at(NOON_JST));
        app
    }

    async fn write(&self, user: UserId, content: &str) -> pb::DiaryEntry {
        let request = plain(uuid::Uuid::new_v4(), content, "2026-11-26");
        self.user(user).create_diary_entry(request).await.unwrap().into_inner()
    }

    /// `user`'s delivered, unshown letters.
    async fn letters(&self, user: UserId) -> Vec<pb::DiaryEntry> {
        let answer = self.user(user).list_delivered_letters(pb::ListDeliveredLettersRequest {}).await;
        answer.unwrap().into_inner().letters
    }

    /// `user`'s unseen mention notifications.
    async fn unseen(&self, user: UserId) -> Vec<pb::MentionNotification> {
        let answer = self.user(user).list_mention_notifications(pb::ListMentionNotificationsRequest {}).await;
        answer.unwrap().into_inner().notifications
    }

    /// The first page of `user`'s entries.
    async fn entries(&self, user: UserId) -> pb::ListDiaryEntriesResponse {
        self.user(user).list_diary_entries(pb::ListDiaryEntriesRequest::default()).await.unwrap().into_inner()
    }

    /// The mention mails published so far: (recipient, the mail).
    async fn mention_mails(&self) -> Vec<(String, MentionedInDiary)> {
        self.mails()
            .await
            .into_iter()
            .filter_map(|m| match m.kind {
                Some(Kind::MentionedInDiary(k)) => Some((m.user_id.unwrap_or_default(), k)),
                _ => None,
            })
            .collect()
    }

    /// Waits until exactly `n` mention mails are published (and no more follow for a moment).
    async fn mention_mails_exactly(&self, n: usize) -> Vec<(String, MentionedInDiary)> {
        self.wait_for(&format!("{n} mention mails"), || async { self.mention_mails().await.len() >= n }).await;
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        let mails = self.mention_mails().await;
        assert_eq!(mails.len(), n, "{mails:#?}");
        mails
    }

    /// Every `E` social published on its `social` stream.
    async fn social_events<E: meguri_events::Event>(&self) -> Vec<E> {
        meguri_events::testkit::read::<E>(&mut self.redis().await, &self.events)
            .await
            .unwrap()
            .into_iter()
            .map(|(_, e)| e)
            .collect()
    }

    /// Publishes notify's `LetterDelivered` with `event_id` and waits until social handled it.
    async fn deliver(&self, event_id: uuid::Uuid, author: UserId, entry: &str, email_sent: bool) {
        let event = LetterDelivered {
            entry_id: entry.to_owned(),
            user_id: author.to_string(),
            email_sent,
            delivered_at: "2026-11-27T22:00:00Z".to_owned(),
        };
        let stream_entry =
            meguri_events::testkit::publish(&mut self.redis().await, &self.events, event_id, &event).await.unwrap();
        self.wait_for("social to handle the delivery", || async {
            meguri_events::testkit::handled(&mut self.redis().await, &self.events, "notify", "social", &stream_entry)
                .await
                .unwrap()
        })
        .await;
    }

    /// A count straight from the schema.
    async fn count(&self, sql: &str) -> i64 {
        use diesel_async::RunQueryDsl as _;
        #[derive(diesel::QueryableByName)]
        struct N {
            #[diesel(sql_type = diesel::sql_types::Int8)]
            n: i64,
        }
        let mut conn = self.social.db.pool.get().await.unwrap();
        diesel::sql_query(sql).get_result::<N>(&mut conn).await.unwrap().n
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_same_client_id_answers_the_first_entry_also_when_sent_twice_at_once() {
    let app = TestApp::at_noon().await;
    let (taro, hanako) = (app.join("taro_1", None).await, app.join("hanako", None).await);
    app.befriend(taro, hanako).await;
    let client_id = uuid::Uuid::new_v4();

    let first = app.user(taro).create_diary_entry(plain(client_id, "こんにちは @hanako", "2026-11-26")).await.unwrap();
    assert!(first.metadata().get("x-meguri-replayed").is_none());
    let first = first.into_inner();
    assert_eq!(first.content, "こんにちは @hanako");
    assert_eq!(usernames(&first.mentions), ["hanako"]);
    assert_eq!(first.author.as_ref().unwrap().username, "taro_1");

    // A replay with other text (even invalid) answers the first entry, marked as a replay.
    let again = app.user(taro).create_diary_entry(plain(client_id, "", "2099-01-01")).await.unwrap();
    let again = again.into_inner();
    assert!(again.replayed);
    assert_eq!(again.id, first.id);

    // Twenty requests with one new client id at once: one entry, one mention mail.
    let concurrent = uuid::Uuid::new_v4();
    let calls: Vec<_> = (0..20)
        .map(|i| {
            let mut client = app.user(taro);
            tokio::spawn(async move {
                client.create_diary_entry(plain(concurrent, &format!("{i} @hanako"), "2026-11-25")).await
            })
        })
        .collect();
    let mut ids = Vec::new();
    for call in calls {
        ids.push(call.await.unwrap().unwrap().into_inner().id);
    }
    ids.dedup();
    assert_eq!(ids.len(), 1, "{ids:?}");
    assert_eq!(app.count("SELECT count(*) AS n FROM diary_entries").await, 2);
    assert_eq!(app.mention_mails_exactly(2).await.len(), 2);
}

#[tokio::test(flavor = "multi_thread")]
async fn bad_input_gets_its_code() {
    let app = TestApp::at_noon().await;
    let taro = app.join("taro_1", None).await;
    let mut client = app.user(taro);
    let new = uuid::Uuid::new_v4;
    let refused = |r: Result<tonic::Response<pb::DiaryEntry>, tonic::Status>| {
        let status = r.expect_err("refused");
        (status.code(), code(&status).to_owned())
    };
    let invalid = |c: &str| (Code::InvalidArgument, c.to_owned());

    for content in ["", " \n ", &"あ".repeat(1_001)] {
        let r = client.create_diary_entry(plain(new(), content, "2026-11-26")).await;
        assert_eq!(refused(r), invalid("INVALID_DIARY_CONTENT"));
    }
    for date in ["2026-11-27", "2026/11/26", "", "2026-11-26T00:00:00Z"] {
        let r = client.create_diary_entry(plain(new(), "日記", date)).await;
        assert_eq!(refused(r), invalid("INVALID_DIARY_DATE"), "{date}");
    }
    let mut bad_client = plain(new(), "日記", "2026-11-26");
    bad_client.client_id = "not-a-uuid".to_owned();
    assert_eq!(refused(client.create_diary_entry(bad_client).await), invalid("INVALID_CLIENT_ID"));
    let mut bad_offset = plain(new(), "日記", "2026-11-26");
    bad_offset.timezone_offset_minutes = Some(900);
    assert_eq!(refused(client.create_diary_entry(bad_offset).await), invalid("INVALID_TIMEZONE_OFFSET"));
    let mut plain_with_delivery = plain(new(), "日記", "2026-11-26");
    plain_with_delivery.delivery_date = Some("2027-01-01".to_owned());
    assert_eq!(refused(client.create_diary_entry(plain_with_delivery).await), invalid("INVALID_DELIVERY_DATE"));
    for delivery in ["2026-11-26", "2025-01-01", "2036-11-27", "someday"] {
        let r = client.create_diary_entry(letter("手紙", delivery)).await;
        assert_eq!(refused(r), invalid("INVALID_DELIVERY_DATE"), "{delivery}");
    }
    let mut no_delivery = letter("手紙", "2027-01-01");
    no_delivery.delivery_date = None;
    assert_eq!(refused(client.create_diary_entry(no_delivery).await), invalid("INVALID_DELIVERY_DATE"));
    assert!(client.create_diary_entry(letter("十年後", "2036-11-26")).await.is_ok());

    let list = |cursor: Option<&str>, limit| pb::ListDiaryEntriesRequest { cursor: cursor.map(str::to_owned), limit };
    let status = client.list_diary_entries(list(None, 51)).await.unwrap_err();
    assert_eq!(code(&status), "INVALID_LIMIT");
    for garbage in ["garbage!", "bm9wZQ", "MjAyNi0xMS0yNl9ub3BlCg"] {
        let status = client.list_diary_entries(list(Some(garbage), 10)).await.unwrap_err();
        assert_eq!((status.code(), code(&status)), (Code::InvalidArgument, "INVALID_CURSOR"));
    }
    // Nothing of the refused requests was written.
    assert_eq!(app.count("SELECT count(*) AS n FROM diary_entries").await, 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn today_is_the_sent_offset_else_the_stored_one_else_japan_also_when_identity_is_down() {
    let app = spawn_app().await;
    // 01:00 on the 27th in Japan, still the 26th in UTC and in New York.
    app.social.clock.set(at("2026-11-26T16:00:00Z"));
    let taro = app.join("taro_1", None).await;
    let mut client = app.user(taro);
    let on_27th = || plain(uuid::Uuid::new_v4(), "日記", "2026-11-27");

    assert!(client.create_diary_entry(on_27th()).await.is_ok(), "no offset anywhere: Japan");
    let mut utc = on_27th();
    utc.timezone_offset_minutes = Some(0);
    assert_eq!(code(&client.create_diary_entry(utc).await.unwrap_err()), "INVALID_DIARY_DATE");

    app.identity.offsets.lock().unwrap().insert(taro, 300);
    assert_eq!(code(&client.create_diary_entry(on_27th()).await.unwrap_err()), "INVALID_DIARY_DATE");
    let mut sent_japan = on_27th();
    sent_japan.timezone_offset_minutes = Some(-540);
    assert!(client.create_diary_entry(sent_japan).await.is_ok(), "the sent offset wins over the stored one");

    app.identity.offsets_down.store(true, Ordering::SeqCst);
    assert!(client.create_diary_entry(on_27th()).await.is_ok(), "identity down: Japan");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_sealed_letter_never_shows_its_text_cannot_be_edited_and_is_cancelled_when_deleted() {
    let app = TestApp::at_noon().await;
    let (taro, hanako) = (app.join("taro_1", None).await, app.join("hanako", None).await);
    app.befriend(taro, hanako).await;
    let mut client = app.user(taro);

    let mut request = letter("未来の私へ @hanako", "2027-01-01");
    request.timezone_offset_minutes = Some(300);
    let sealed = client.create_diary_entry(request).await.unwrap().into_inner();
    assert!(sealed.sealed && sealed.publish_to_future && !sealed.delivered);
    assert_eq!((sealed.content.as_str(), sealed.mentions.len()), ("", 0));
    assert_eq!(sealed.date, "2027-01-01");
    assert_eq!(sealed.delivery_date.as_deref(), Some("2027-01-01"));
    // Written at 22:00 on the 25th in New York (offset 300).
    assert_eq!(sealed.authored_date.as_deref(), Some("2026-11-25"));

    let listed = app.entries(taro).await;
    assert_eq!(listed.entries.len(), 1);
    assert_eq!((listed.entries[0].content.as_str(), listed.entries[0].sealed), ("", true));
    let got = client.get_diary_entry(entry_ref(&sealed.id)).await.unwrap().into_inner();
    assert_eq!((got.content.as_str(), got.mentions.len()), ("", 0));
    // The mentioned friend can neither read it nor has a notification before delivery.
    let status = app.user(hanako).get_diary_entry(entry_ref(&sealed.id)).await.unwrap_err();
    assert_eq!(code(&status), "DIARY_ENTRY_NOT_FOUND");
    assert_eq!(app.count("SELECT count(*) AS n FROM mention_notifications").await, 0);

    let edit = pb::UpdateDiaryEntryRequest {
        id: sealed.id.clone(),
        content: "書き換え".to_owned(),
        date: "2026-11-26".to_owned(),
        timezone_offset_minutes: None,
    };
    let status = client.update_diary_entry(edit).await.unwrap_err();
    assert_eq!((status.code(), code(&status)), (Code::FailedPrecondition, "LETTER_SEALED"));

    app.wait_for("LetterSealed", || async { !app.social_events::<LetterSealed>().await.is_empty() }).await;
    let events = app.social_events::<LetterSealed>().await;
    assert_eq!(
        events,
        [LetterSealed {
            entry_id: sealed.id.clone(),
            user_id: taro.to_string(),
            delivery_date: "2027-01-01".to_owned(),
            authored_date: "2026-11-25".to_owned(),
            timezone_offset_minutes: 300,
        }]
    );

    client.delete_diary_entry(entry_ref(&sealed.id)).await.unwrap();
    app.wait_for("LetterCancelled", || async { !app.social_events::<LetterCancelled>().await.is_empty() }).await;
    let cancelled = app.social_events::<LetterCancelled>().await;
    assert_eq!(cancelled, [LetterCancelled { entry_id: sealed.id.clone(), user_id: taro.to_string() }]);
    let status = client.delete_diary_entry(entry_ref(&sealed.id)).await.unwrap_err();
    assert_eq!(code(&status), "DIARY_ENTRY_NOT_FOUND");
    // A plain entry's deletion cancels nothing.
    let entry = app.write(taro, "ふつう").await;
    client.delete_diary_entry(entry_ref(&entry.id)).await.unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(app.social_events::<LetterCancelled>().await.len(), 1);
    assert!(app.mention_mails().await.is_empty());
}

#[tokio::test(flavor = "multi_thread")]
async fn pages_follow_the_date_then_the_newest_also_across_equal_dates() {
    let app = TestApp::at_noon().await;
    let taro = app.join("taro_1", None).await;
    let mut client = app.user(taro);
    let mut written = Vec::new();
    for (i, date) in ["2026-11-20", "2026-11-26", "2026-11-26", "2026-11-26", "2026-11-20", "2026-11-26", "2026-10-01"]
        .into_iter()
        .enumerate()
    {
        let entry =
            client.create_diary_entry(plain(uuid::Uuid::new_v4(), &format!("#{i}"), date)).await.unwrap().into_inner();
        written.push((entry.date, i));
    }
    // Newest date first; within a date, the newest written first.
    let mut expected = written.clone();
    expected.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)));
    let expected: Vec<String> = expected.into_iter().map(|(_, i)| format!("#{i}")).collect();

    let mut seen = Vec::new();
    let mut cursor = None;
    let mut pages = 0;
    loop {
        let page = client
            .list_diary_entries(pb::ListDiaryEntriesRequest { cursor: cursor.clone(), limit: 2 })
            .await
            .unwrap()
            .into_inner();
        pages += 1;
        assert!(page.entries.len() <= 2);
        seen.extend(page.entries.into_iter().map(|e| e.content));
        match page.next_cursor {
            Some(next) => cursor = Some(next),
            None => break,
        }
    }
    assert_eq!(seen, expected);
    assert_eq!(pages, 4);
    let all = app.entries(taro).await;
    assert_eq!((all.entries.len(), all.next_cursor), (7, None));
    // Another member's list is theirs only.
    let hanako = app.join("hanako", None).await;
    assert!(app.entries(hanako).await.entries.is_empty());
}

#[tokio::test(flavor = "multi_thread")]
async fn mentions_resolve_to_accepted_friends_only_and_each_is_notified_once() {
    let app = TestApp::at_noon().await;
    let taro = app.join("taro_1", None).await;
    let hanako = app.join("Hanako", None).await;
    let jiro = app.join("jiro_2", None).await;
    let blocked = app.join("blocked", None).await;
    let stranger = app.join("stranger", None).await;
    let pending = app.join("pending", None).await;
    app.befriend(taro, hanako).await;
    app.befriend(taro, jiro).await;
    app.befriend(taro, blocked).await;
    app.user(blocked).block(member_ref(taro)).await.unwrap();
    app.user(taro).send_friend_request(member_ref(pending)).await.unwrap();

    let text =
        "今日は＠ＨＡＮＡＫＯと@hanakoさん、@stranger と @blocked と @pending と @taro_1 と @nobody_here、mail@jiro_2";
    let entry = app.write(taro, text).await;
    assert_eq!(entry.content, text, "the text is kept as written");
    assert_eq!(usernames(&entry.mentions), ["Hanako"]);
    let mails = app.mention_mails_exactly(1).await;
    assert_eq!(mails[0].0, hanako.to_string());
    assert_eq!(
        mails[0].1,
        MentionedInDiary {
            from_username: "taro_1".to_owned(),
            from_first_name: Some("花子".to_owned()),
            entry_id: entry.id.clone(),
            entry_date: "2026-11-26".to_owned(),
        }
    );
    for nobody in [stranger, blocked, pending] {
        assert!(app.unseen(nobody).await.is_empty());
        let status = app.user(nobody).get_diary_entry(entry_ref(&entry.id)).await.unwrap_err();
        assert_eq!(code(&status), "DIARY_ENTRY_NOT_FOUND");
    }

    // The mentioned friend sees the notification and may read that entry (and nothing else).
    let other = app.write(taro, "誰にも言わない").await;
    let notes = app.unseen(hanako).await;
    assert_eq!(notes.len(), 1);
    assert_eq!(notes[0].mentioner.as_ref().unwrap().username, "taro_1");
    assert_eq!((notes[0].diary_entry_id.as_str(), notes[0].diary_entry_content.as_str()), (entry.id.as_str(), text));
    assert_eq!(notes[0].diary_entry_date, "2026-11-26");
    let read = app.user(hanako).get_diary_entry(entry_ref(&entry.id)).await.unwrap().into_inner();
    assert_eq!(read.content, text);
    let status = app.user(hanako).get_diary_entry(entry_ref(&other.id)).await.unwrap_err();
    assert_eq!(code(&status), "DIARY_ENTRY_NOT_FOUND");

    // Edits: the same mention again mails nobody; a new one is notified once.
    let edit = |content: &str| pb::UpdateDiaryEntryRequest {
        id: entry.id.clone(),
        content: content.to_owned(),
        date: "2026-11-25".to_owned(),
        timezone_offset_minutes: None,
    };
    let edited = app.user(taro).update_diary_entry(edit("@hanako と @jiro_2 と")).await.unwrap().into_inner();
    assert_eq!(usernames(&edited.mentions), ["Hanako", "jiro_2"]);
    assert_eq!(edited.date, "2026-11-25");
    app.user(taro).update_diary_entry(edit("@jiro_2 と @HANAKO と")).await.unwrap();
    let mails = app.mention_mails_exactly(2).await;
    assert_eq!(mails[1].0, jiro.to_string());

    // Seen once, never again; marking twice is fine; someone else's id is not found.
    let note = notes[0].id.clone();
    app.user(hanako).mark_mention_shown(pb::MentionRef { id: note.clone() }).await.unwrap();
    app.user(hanako).mark_mention_shown(pb::MentionRef { id: note.clone() }).await.unwrap();
    assert!(app.unseen(hanako).await.is_empty());
    let status = app.user(jiro).mark_mention_shown(pb::MentionRef { id: note }).await.unwrap_err();
    assert_eq!(code(&status), "MENTION_NOT_FOUND");

    // A removed mention takes the access and the notification with it.
    app.user(taro).update_diary_entry(edit("@jiro_2 だけ")).await.unwrap();
    let status = app.user(hanako).get_diary_entry(entry_ref(&entry.id)).await.unwrap_err();
    assert_eq!(code(&status), "DIARY_ENTRY_NOT_FOUND");
    assert!(app.user(jiro).get_diary_entry(entry_ref(&entry.id)).await.is_ok());
    assert_eq!(app.mention_mails_exactly(2).await.len(), 2);

    // A block after the mention ends the access too.
    app.user(jiro).block(member_ref(taro)).await.unwrap();
    let status = app.user(jiro).get_diary_entry(entry_ref(&entry.id)).await.unwrap_err();
    assert_eq!(code(&status), "DIARY_ENTRY_NOT_FOUND");
    assert!(app.unseen(jiro).await.is_empty());
}

#[tokio::test(flavor = "multi_thread")]
async fn another_members_ids_are_not_found_on_every_diary_and_mention_rpc() {
    let app = TestApp::at_noon().await;
    let (taro, hanako, intruder) =
        (app.join("taro_1", None).await, app.join("hanako", None).await, app.join("intruder", None).await);
    app.befriend(taro, hanako).await;
    let entry = app.write(taro, "@hanako 秘密").await;
    let sealed = app.user(taro).create_diary_entry(letter("封印", "2027-01-01")).await.unwrap().into_inner();
    app.deliver(uuid::Uuid::now_v7(), taro, &sealed.id, true).await;
    let note = app.unseen(hanako).await.remove(0).id;

    let mut client = app.user(intruder);
    for id in [entry.id.as_str(), sealed.id.as_str(), "not-a-uuid"] {
        let not_found = |s: tonic::Status| assert_eq!((s.code(), code(&s)), (Code::NotFound, "DIARY_ENTRY_NOT_FOUND"));
        not_found(client.get_diary_entry(entry_ref(id)).await.unwrap_err());
        let edit = pb::UpdateDiaryEntryRequest {
            id: id.to_owned(),
            content: "乗っ取り".to_owned(),
            date: "2026-11-26".to_owned(),
            timezone_offset_minutes: None,
        };
        not_found(client.update_diary_entry(edit).await.unwrap_err());
        not_found(client.delete_diary_entry(entry_ref(id)).await.unwrap_err());
        not_found(client.mark_letter_shown(entry_ref(id)).await.unwrap_err());
    }
    for id in [note.as_str(), "not-a-uuid", &uuid::Uuid::new_v4().to_string()] {
        let status = client.mark_mention_shown(pb::MentionRef { id: id.to_owned() }).await.unwrap_err();
        assert_eq!((status.code(), code(&status)), (Code::NotFound, "MENTION_NOT_FOUND"));
    }
    // Nothing changed, nothing leaked into the intruder's lists.
    assert!(app.entries(intruder).await.entries.is_empty());
    assert!(app.letters(intruder).await.is_empty());
    let still = app.user(taro).get_diary_entry(entry_ref(&entry.id)).await.unwrap().into_inner();
    assert_eq!(still.content, "@hanako 秘密");
    assert_eq!(app.letters(taro).await.len(), 1);
    assert_eq!(app.unseen(hanako).await.len(), 1);
    // A plain entry is not a letter to mark shown, even for its author.
    let status = app.user(taro).mark_letter_shown(entry_ref(&entry.id)).await.unwrap_err();
    assert_eq!(code(&status), "DIARY_ENTRY_NOT_FOUND");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_delivered_letter_is_unsealed_shown_once_and_its_mentions_mailed_once() {
    let app = TestApp::at_noon().await;
    let (taro, hanako) = (app.join("taro_1", None).await, app.join("hanako", None).await);
    app.befriend(taro, hanako).await;
    let sealed =
        app.user(taro).create_diary_entry(letter("一年後の @hanako へ", "2027-11-26")).await.unwrap().into_inner();
    assert!(app.letters(taro).await.is_empty());
    let status = app.user(taro).mark_letter_shown(entry_ref(&sealed.id)).await.unwrap_err();
    assert_eq!(code(&status), "DIARY_ENTRY_NOT_FOUND", "not delivered yet");

    // Delivered twice by the same event, and once more by another: one set of mails.
    let event = uuid::Uuid::now_v7();
    app.deliver(event, taro, &sealed.id, true).await;
    app.deliver(event, taro, &sealed.id, true).await;
    app.deliver(uuid::Uuid::now_v7(), taro, &sealed.id, false).await;
    let mails = app.mention_mails_exactly(1).await;
    assert_eq!((mails[0].0.as_str(), mails[0].1.entry_id.as_str()), (hanako.to_string().as_str(), sealed.id.as_str()));
    assert_eq!(mails[0].1.entry_date, "2027-11-26");

    let letters = app.letters(taro).await;
    assert_eq!(letters.len(), 1);
    let delivered = &letters[0];
    assert!(delivered.delivered && !delivered.sealed && delivered.email_sent && !delivered.has_been_shown);
    assert_eq!(delivered.content, "一年後の @hanako へ");
    assert_eq!(usernames(&delivered.mentions), ["hanako"]);
    assert_eq!(delivered.authored_date.as_deref(), Some("2026-11-26"));
    let read = app.user(hanako).get_diary_entry(entry_ref(&sealed.id)).await.unwrap().into_inner();
    assert_eq!(read.content, "一年後の @hanako へ");

    app.user(taro).mark_letter_shown(entry_ref(&sealed.id)).await.unwrap();
    app.user(taro).mark_letter_shown(entry_ref(&sealed.id)).await.unwrap();
    assert!(app.letters(taro).await.is_empty());
    let got = app.user(taro).get_diary_entry(entry_ref(&sealed.id)).await.unwrap().into_inner();
    assert!(got.has_been_shown && got.delivered);

    // A delivered letter can be edited now (its date stays the delivery date); deleting it cancels
    // nothing.
    let edit = pb::UpdateDiaryEntryRequest {
        id: sealed.id.clone(),
        content: "読んだよ".to_owned(),
        date: "2020-01-01".to_owned(),
        timezone_offset_minutes: None,
    };
    let edited = app.user(taro).update_diary_entry(edit).await.unwrap().into_inner();
    assert_eq!((edited.content.as_str(), edited.date.as_str()), ("読んだよ", "2027-11-26"));
    app.user(taro).delete_diary_entry(entry_ref(&sealed.id)).await.unwrap();
    // A delivery for a letter deleted meanwhile changes nothing.
    app.deliver(uuid::Uuid::now_v7(), taro, &sealed.id, true).await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert!(app.social_events::<LetterCancelled>().await.is_empty());
}

#[tokio::test(flavor = "multi_thread")]
async fn the_lucky_day_is_the_first_tensha_ichiryu_manbai_or_taian_from_the_engines_almanac() {
    let app = TestApp::at_noon().await;
    let taro = app.join("taro_1", None).await;
    app.engine.set_almanac("2026-12-01", &["tora"]);
    app.engine.set_almanac("2026-12-03", &["taian", "ichiryu_manbai", "tensha"]);
    app.engine.set_almanac("2026-12-05", &["taian"]);
    let ask = |from: &str| pb::FindLuckyDayRequest { from: from.to_owned(), timezone_offset_minutes: Some(-540) };
    let mut client = app.user(taro);

    let day = client.find_lucky_day(ask("2026-11-27")).await.unwrap().into_inner();
    assert_eq!(day.date, "2026-12-03");
    let reasons: Vec<(&str, &str)> = day.reasons.iter().map(|r| (r.id.as_str(), r.name.as_str())).collect();
    assert_eq!(reasons, [("tensha", "天赦日"), ("ichiryu_manbai", "一粒万倍日"), ("taian", "大安")]);
    assert_eq!(day.reasons[0].description, "天赦日の説明");
    assert_eq!(almanac_asked(&app).as_deref(), Some("2026-11-27..2027-01-25"));
    assert_eq!(client.find_lucky_day(ask("2026-12-04")).await.unwrap().into_inner().date, "2026-12-05");
    let status = client.find_lucky_day(ask("2026-12-06")).await.unwrap_err();
    assert_eq!((status.code(), code(&status)), (Code::NotFound, "LUCKY_DAY_NOT_FOUND"));
    // Near the ten-year limit the window stops there.
    client.find_lucky_day(ask("2036-11-20")).await.unwrap_err();
    assert_eq!(almanac_asked(&app).as_deref(), Some("2036-11-20..2036-11-26"));
    for bad in ["2026-11-26", "2036-11-27", "soon"] {
        let status = client.find_lucky_day(ask(bad)).await.unwrap_err();
        assert_eq!((status.code(), code(&status)), (Code::InvalidArgument, "INVALID_DELIVERY_DATE"), "{bad}");
    }
    app.engine.set_down(true);
    let status = client.find_lucky_day(ask("2026-11-27")).await.unwrap_err();
    assert_eq!((status.code(), code(&status)), (Code::Unavailable, "SERVICE_UNAVAILABLE"));
}

#[tokio::test(flavor = "multi_thread")]
async fn the_daily_limit_counts_entries_written_in_the_last_24_hours() {
    let app = spawn_with(|_| {}, |o| o.limits.diary_entries_per_day = 3).await;
    app.social.clock.set(at(NOON_JST));
    let taro = app.join("taro_1", None).await;
    let first = app.write(taro, "1").await;
    app.write(taro, "2").await;
    app.user(taro).delete_diary_entry(entry_ref(&first.id)).await.unwrap();
    app.write(taro, "3").await;
    let status = app.user(taro).create_diary_entry(plain(uuid::Uuid::new_v4(), "4", "2026-11-26")).await.unwrap_err();
    assert_eq!((status.code(), code(&status)), (Code::ResourceExhausted, "DIARY_LIMIT"));
    app.social.clock.advance(std::time::Duration::from_secs(24 * 3600 + 1));
    assert!(app.user(taro).create_diary_entry(plain(uuid::Uuid::new_v4(), "4", "2026-11-26")).await.is_ok());
}

#[tokio::test(flavor = "multi_thread")]
async fn a_deleted_account_takes_its_diary_and_mentions_but_others_entries_keep_their_text() {
    let app = TestApp::at_noon().await;
    let (taro, hanako) = (app.join("taro_1", None).await, app.join("hanako", None).await);
    app.befriend(taro, hanako).await;
    let by_taro = app.write(taro, "@hanako と散歩").await;
    let by_hanako = app.write(hanako, "@taro_1 とお茶").await;
    app.user(taro).create_diary_entry(letter("封", "2027-01-01")).await.unwrap();
    assert_eq!(app.count("SELECT count(*) AS n FROM mention_notifications").await, 2);

    let event = uuid::Uuid::now_v7();
    app.publish(event, &id::AccountDeleted { user_id: taro.to_string() }).await;
    app.wait_for("taro's diary to go", || async { app.count("SELECT count(*) AS n FROM diary_entries").await == 1 })
        .await;
    assert_eq!(app.count("SELECT count(*) AS n FROM mention_notifications").await, 0);
    let kept = app.user(hanako).get_diary_entry(entry_ref(&by_hanako.id)).await.unwrap().into_inner();
    assert_eq!(kept.content, "@taro_1 とお茶");
    assert!(kept.mentions.is_empty());
    let status = app.user(hanako).get_diary_entry(entry_ref(&by_taro.id)).await.unwrap_err();
    assert_eq!(code(&status), "DIARY_ENTRY_NOT_FOUND");
    assert!(app.unseen(hanako).await.is_empty());
}
