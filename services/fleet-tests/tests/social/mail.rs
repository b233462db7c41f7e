//! The friend mails through the fleet: social asks for them on the `mail` stream, notify (started
//! from its test kit, mail to a directory) takes them in with the address from the real identity.

use meguri_events::{EventsConfig, MAIL_STREAM};
use meguri_proto::notify::MailRequested;
use meguri_proto::notify::mail_requested::Kind as MailKind;
use notify::testkit::{MailTo, TestOptions};
use serde_json::json;

use crate::helpers::{MailDir, SECRET, eventually, mails, redis_url, spawn, username};

#[tokio::test(flavor = "multi_thread")]
async fn a_request_accepted_while_notify_is_down_is_mailed_exactly_once_when_it_returns() {
    // Arrange: two members (verified before notify runs: it deletes the codes' entries it handles)
    let fleet = spawn().await;
    let alice = fleet.member(&username("alice"), json!({})).await;
    let bob = fleet.member(&username("bob"), json!({})).await;
    let dir = MailDir::temporary();
    let options = TestOptions::new(SECRET, &fleet.prefix, &fleet.identity_addr, MailTo::Dir(dir.0.clone()));
    let mut notify = notify::testkit::spawn(options).await;
    let (status, _) = fleet.post("/api/friends/requests", json!({"userId": bob.id}), &alice).await;
    assert_eq!(status, 200);
    eventually("bob's request mail", || async { (mails(&dir.0, "friend_request_received").len() == 1).then_some(()) })
        .await;

    // Act: notify is down while bob accepts, then comes back
    notify.stop().await;
    let (status, _) = fleet.post(&format!("/api/friends/requests/{}/accept", alice.id), json!({}), &bob).await;
    assert_eq!(status, 200);
    let client = redis::Client::open(redis_url()).expect("redis url");
    let redis = client.get_multiplexed_async_connection().await.expect("redis");
    let events = EventsConfig::new(&fleet.prefix);
    let accepted_waiting = |requests: Vec<(uuid::Uuid, MailRequested)>| {
        requests.into_iter().any(|(_, m)| {
            m.user_id.as_deref() == Some(alice.id.as_str())
                && matches!(m.kind, Some(MailKind::FriendRequestAccepted(_)))
        })
    };
    eventually("social to ask for the accepted mail", || {
        let (mut redis, events) = (redis.clone(), events.clone());
        async move {
            let requests = meguri_events::testkit::read::<MailRequested>(&mut redis, &events).await.expect("stream");
            accepted_waiting(requests).then_some(())
        }
    })
    .await;
    assert!(mails(&dir.0, "friend_request_accepted").is_empty(), "nobody sent it while notify was down");
    let _back = notify.start_again().await;

    // Assert: the mail arrives, to alice, once
    let files = eventually("alice's accepted mail", || async {
        Some(mails(&dir.0, "friend_request_accepted")).filter(|files| !files.is_empty())
    })
    .await;
    let raw = std::fs::read_to_string(&files[0]).expect("a readable message");
    assert!(raw.contains(&format!("To: {}", alice.email)), "{raw}");
    assert!(raw.contains(&format!("（@{}）さんが、あなたのフレンド申請を承認しました。", bob.username)), "{raw}");
    assert!(raw.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"), "{raw}");
    eventually("the mail stream drained", || {
        let mut redis = redis.clone();
        let key = events.key(MAIL_STREAM);
        async move {
            let len: i64 = redis::cmd("XLEN").arg(&key).query_async(&mut redis).await.expect("XLEN");
            (len == 0).then_some(())
        }
    })
    .await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(mails(&dir.0, "friend_request_accepted").len(), 1, "exactly once");
    assert_eq!(mails(&dir.0, "friend_request_received").len(), 1);
}
