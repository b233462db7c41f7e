//! The compatibility worker: computed after an accept, from each side's point of view (the
//! reader's chart against the friend's face only), never with birth data in the answer; unavailable without a birth date; pending while a peer is down;
//! computed again after a birth-data change. And ListFriendsOf, for fortune-gen.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::atomic::Ordering;
use std::time::Duration;

use meguri_ids::UserId;
use meguri_proto::identity::BirthDataChanged;
use meguri_proto::social as pb;
use meguri_proto::social::CompatibilityStatus as C;

use crate::helpers::{TestApp, code, member_ref, spawn_app};

async fn compatibility(app: &TestApp, me: UserId, friend: UserId) -> pb::Compatibility {
    app.user(me).get_compatibility(member_ref(friend)).await.unwrap().into_inner()
}

async fn wait_status(app: &TestApp, me: UserId, friend: UserId, status: C) -> pb::Compatibility {
    app.wait_for(&format!("{status:?}"), || async { compatibility(app, me, friend).await.status == status as i32 })
        .await;
    compatibility(app, me, friend).await
}

#[tokio::test(flavor = "multi_thread")]
async fn an_accepted_friendship_gets_a_score_and_each_side_its_own_reading() {
    let app = spawn_app().await;
    let fiery = app.join("fiery", Some("1990-05-15")).await;
    let watery = app.join("watery", Some("1985-01-02")).await;
    let pending = app.user(fiery).send_friend_request(member_ref(watery)).await.unwrap();
    assert_eq!(pending.into_inner().state, pb::FriendshipState::Outgoing as i32);
    let not_yet = app.user(fiery).get_compatibility(member_ref(watery)).await.expect_err("only friends");
    assert_eq!(code(&not_yet), "FRIEND_NOT_FOUND");
    app.user(watery).accept_friend_request(member_ref(fiery)).await.unwrap();

    // The fake's charts: fiery 丙 (fire-heavy, needs water), watery 壬 (needs fire). 壬 controls
    // 丙 with the same polarity (30), each day master is the other's 喜神 (100), the two 喜神
    // control each other (40): 0.5 × 30 + 0.3 × 100 + 0.2 × 40 = 53.
    let mine = wait_status(&app, fiery, watery, C::Ready).await;
    assert_eq!(mine.score, Some(53));
    assert_eq!(mine.friend.as_ref().unwrap().username, "watery");
    assert_eq!(
        mine.summary,
        "53点：まずまずの相性です。特に「五行の補い合い」が良好です。「日主どうしの関係」には気配りが必要です。"
    );
    let keys: Vec<&str> = mine.factors.iter().map(|f| f.key.as_str()).collect();
    assert_eq!(keys, ["dayMaster", "elements", "keyElements"]);
    assert!(
        mine.factors[0].detail.starts_with("お相手の日主壬（水）があなたの日主丙（火）を剋する"),
        "{}",
        mine.factors[0].detail
    );
    assert!(mine.you_bring.starts_with("あなたは「火」"), "{}", mine.you_bring);
    assert!(mine.friend_brings.starts_with("お相手の日主は「水」"), "{}", mine.friend_brings);
    assert!(mine.computed_at.is_some());

    let theirs = compatibility(&app, watery, fiery).await;
    assert_eq!((theirs.score, &theirs.summary), (Some(53), &mine.summary));
    assert!(
        theirs.factors[0].detail.starts_with("あなたの日主壬（水）がお相手の日主丙（火）を剋する"),
        "{}",
        theirs.factors[0].detail
    );
    assert!(theirs.you_bring.starts_with("あなたは「水」"), "{}", theirs.you_bring);
    assert!(theirs.friend_brings.starts_with("お相手の日主は「火」"), "{}", theirs.friend_brings);

    let listed = app.user(fiery).list_friends(pb::ListFriendsRequest {}).await.unwrap().into_inner();
    assert_eq!(listed.friends[0].compatibility_status, C::Ready as i32);
    assert_eq!(listed.friends[0].compatibility_score, Some(53));
}

#[tokio::test(flavor = "multi_thread")]
async fn without_a_birth_date_the_compatibility_is_unavailable() {
    let app = spawn_app().await;
    let (a, b) = (app.join("dated", Some("1990-05-15")).await, app.join("undated", None).await);
    app.befriend(a, b).await;
    let view = wait_status(&app, a, b, C::Unavailable).await;
    assert_eq!(view.score, None);
    assert!(view.summary.is_empty() && view.factors.is_empty() && view.you_bring.is_empty());
    assert_eq!(view.computed_at, None);
}

#[tokio::test(flavor = "multi_thread")]
async fn births_the_engine_refuses_end_as_failed() {
    let app = spawn_app().await;
    let (a, b) = (app.join("old_a", Some("1890-05-15")).await, app.join("old_b", Some("1985-01-02")).await);
    app.befriend(a, b).await;
    let view = wait_status(&app, a, b, C::Failed).await;
    assert_eq!((view.score, view.computed_at), (None, None));
    let listed = app.user(b).list_friends(pb::ListFriendsRequest {}).await.unwrap().into_inner();
    assert_eq!(listed.friends[0].compatibility_status, C::Failed as i32);
    assert_eq!(listed.friends[0].compatibility_score, None);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_down_engine_leaves_it_pending_until_a_retry_finds_it_up() {
    let app = spawn_app().await;
    let (a, b) = (app.join("patient_a", Some("1990-05-15")).await, app.join("patient_b", Some("1991-03-03")).await);
    app.engine.set_down(true);
    app.befriend(a, b).await;
    app.wait_for("a failed try", || async { app.engine.count("CalculateChart") >= 1 }).await;
    tokio::time::sleep(Duration::from_millis(400)).await;
    // The client retried the read on the spot; then the clock stands still, so the next try is not
    // due yet: the engine hears nothing more, and the compatibility stays pending.
    let tried = app.engine.count("CalculateChart");
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert_eq!(app.engine.count("CalculateChart"), tried);
    assert_eq!(compatibility(&app, a, b).await.status, C::Pending as i32);

    app.engine.set_down(false);
    app.social.clock.advance(Duration::from_secs(1));
    let view = wait_status(&app, a, b, C::Ready).await;
    assert_eq!(view.score, Some(53));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_down_identity_also_leaves_it_pending() {
    let app = spawn_app().await;
    let (a, b) = (app.join("idle_a", Some("1990-05-15")).await, app.join("idle_b", Some("1985-01-02")).await);
    app.identity.down.store(true, Ordering::SeqCst);
    app.befriend(a, b).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(compatibility(&app, a, b).await.status, C::Pending as i32);
    app.identity.down.store(false, Ordering::SeqCst);
    app.social.clock.advance(Duration::from_secs(1));
    wait_status(&app, a, b, C::Ready).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_birth_data_change_computes_it_again() {
    let app = spawn_app().await;
    let (a, b) = (app.join("again_a", Some("1990-05-15")).await, app.join("again_b", None).await);
    app.befriend(a, b).await;
    wait_status(&app, a, b, C::Unavailable).await;

    app.identity.births.lock().unwrap().insert(b, Some("1985-01-02".to_owned()));
    let event = BirthDataChanged { user_id: b.to_string() };
    let event_id = uuid::Uuid::now_v7();
    app.publish(event_id, &event).await;
    let view = wait_status(&app, a, b, C::Ready).await;
    assert!(view.factors[0].detail.contains("お相手の日主壬（水）"), "{}", view.factors[0].detail);
    let calls = app.engine.count("CalculateChart");

    // The same event delivered again computes nothing more.
    app.publish(event_id, &event).await;
    let marker = app.join("marker5", None).await;
    app.wait_known(marker).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(app.engine.count("CalculateChart"), calls);
    assert_eq!(compatibility(&app, a, b).await.status, C::Ready as i32);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_migration_to_faces_clears_an_analysis_stored_before_and_the_worker_computes_it_again() {
    use diesel_async::RunQueryDsl as _;
    let app = spawn_app().await;
    let (a, b) = (app.join("stored_a", Some("1990-05-15")).await, app.join("stored_b", Some("1985-01-02")).await);
    app.befriend(a, b).await;
    wait_status(&app, a, b, C::Ready).await;
    let mut conn = app.social.db.pool.get().await.unwrap();
    // An analysis as the engine's factors left it: the friend's pillars named.
    let old = r#"{"summary": "72点：良い相性です。", "low": {"factors": [{"key": "branches", "label": "地支", "score": 50.0,
        "detail": "あなたの日支子とお相手の日支午は冲"}], "youBring": "", "friendBrings": ""},
        "high": {"factors": [], "youBring": "", "friendBrings": ""}}"#;
    diesel::sql_query("UPDATE friendships SET compatibility_analysis = $1::jsonb, compatibility_score = 72")
        .bind::<diesel::sql_types::Text, _>(old)
        .execute(&mut conn)
        .await
        .unwrap();
    assert_eq!(compatibility(&app, a, b).await.score, Some(72));

    diesel::sql_query(include_str!("../../migrations/2026-12-20-000000_compatibility_from_faces/up.sql"))
        .execute(&mut conn)
        .await
        .unwrap();
    let view = wait_status(&app, a, b, C::Ready).await;

    assert_eq!(view.score, Some(53));
    let keys: Vec<&str> = view.factors.iter().map(|f| f.key.as_str()).collect();
    assert_eq!(keys, ["dayMaster", "elements", "keyElements"]);
    assert!(view.factors.iter().all(|f| !f.detail.contains("日支")), "{:?}", view.factors);
}

#[tokio::test(flavor = "multi_thread")]
async fn list_friends_of_is_for_services_only_and_lists_accepted_friends() {
    let app = spawn_app().await;
    let (a, b, c) = (app.join("hub", None).await, app.join("spoke_b", None).await, app.join("spoke_c", None).await);
    app.befriend(a, b).await;
    app.user(a).send_friend_request(member_ref(c)).await.unwrap();

    let friends = app
        .service()
        .list_friends_of(pb::ListFriendsOfRequest { user_id: a.to_string() })
        .await
        .unwrap()
        .into_inner()
        .friends;
    assert_eq!(friends.len(), 1);
    assert_eq!((friends[0].user_id.as_str(), friends[0].username.as_str()), (b.to_string().as_str(), "spoke_b"));

    let refused = app.user(a).list_friends_of(pb::ListFriendsOfRequest { user_id: a.to_string() }).await;
    let refused = refused.expect_err("a user token");
    assert_eq!((refused.code(), code(&refused)), (tonic::Code::PermissionDenied, "PERMISSION_DENIED"));
}
