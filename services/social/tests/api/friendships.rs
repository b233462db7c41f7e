//! Every transition of a friendship, the mails they write, concurrency and the limits.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::Duration;

use meguri_ids::UserId;
use meguri_proto::notify::mail_requested::Kind;
use meguri_proto::social as pb;
use meguri_proto::social::FriendshipState as S;

use crate::helpers::{code, member_ref, spawn_app, spawn_with};

fn state(answer: pb::FriendshipAnswer) -> i32 {
    answer.state
}

#[tokio::test(flavor = "multi_thread")]
async fn a_request_then_an_accept_makes_friends_and_mails_each_once() {
    let app = spawn_app().await;
    let hana = app.join("hana", Some("1990-05-15")).await;
    let taro = app.join("taro", Some("1985-01-02")).await;

    let sent = app.user(hana).send_friend_request(member_ref(taro)).await.unwrap().into_inner();
    assert_eq!(state(sent), S::Outgoing as i32);
    // Repeating a pending request answers the same and mails nothing more.
    let again = app.user(hana).send_friend_request(member_ref(taro)).await.unwrap().into_inner();
    assert_eq!(state(again), S::Outgoing as i32);

    let hana_view = app.user(hana).list_friends(pb::ListFriendsRequest {}).await.unwrap().into_inner();
    assert_eq!(hana_view.outgoing.len(), 1);
    assert_eq!(hana_view.outgoing[0].member.as_ref().unwrap().username, "taro");
    assert!(hana_view.incoming.is_empty() && hana_view.friends.is_empty());
    let taro_view = app.user(taro).list_friends(pb::ListFriendsRequest {}).await.unwrap().into_inner();
    assert_eq!(taro_view.incoming.len(), 1);
    assert_eq!(taro_view.incoming[0].member.as_ref().unwrap().user_id, hana.to_string());

    let accepted = app.user(taro).accept_friend_request(member_ref(hana)).await.unwrap().into_inner();
    assert_eq!(state(accepted), S::Friends as i32);
    // Accepting twice answers FRIENDS again, without a second mail.
    let twice = app.user(taro).accept_friend_request(member_ref(hana)).await.unwrap().into_inner();
    assert_eq!(state(twice), S::Friends as i32);

    let hana_view = app.user(hana).list_friends(pb::ListFriendsRequest {}).await.unwrap().into_inner();
    assert_eq!(hana_view.friends.len(), 1);
    let friend = &hana_view.friends[0];
    assert_eq!(friend.member.as_ref().unwrap().username, "taro");
    assert!(!friend.since.is_empty());
    assert!(hana_view.outgoing.is_empty());

    let mails = app.mails_exactly(2).await;
    assert_eq!(mails[0].user_id.as_deref(), Some(taro.to_string().as_str()));
    assert!(mails[0].to.is_empty());
    match mails[0].kind.as_ref().unwrap() {
        Kind::FriendRequestReceived(m) => {
            assert_eq!(m.from_username, "hana");
            assert_eq!(m.from_first_name.as_deref(), Some("花子"));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(mails[1].user_id.as_deref(), Some(hana.to_string().as_str()));
    match mails[1].kind.as_ref().unwrap() {
        Kind::FriendRequestAccepted(m) => assert_eq!(m.by_username, "taro"),
        other => panic!("{other:?}"),
    }
    assert_eq!(app.rows_between(hana, taro).await, 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_request_to_someone_who_already_asked_accepts_both() {
    let app = spawn_app().await;
    let (a, b) = (app.join("aoi", None).await, app.join("ben", None).await);
    app.user(a).send_friend_request(member_ref(b)).await.unwrap();
    let mutual = app.user(b).send_friend_request(member_ref(a)).await.unwrap().into_inner();
    assert_eq!(state(mutual), S::Friends as i32);
    let listed = app.user(a).list_friends(pb::ListFriendsRequest {}).await.unwrap().into_inner();
    assert_eq!(listed.friends.len(), 1);
    let refused = app.user(a).send_friend_request(member_ref(b)).await.expect_err("already friends");
    assert_eq!((refused.code(), code(&refused)), (tonic::Code::AlreadyExists, "ALREADY_FRIENDS"));
    let mails = app.mails_exactly(2).await;
    assert!(matches!(mails[1].kind, Some(Kind::FriendRequestAccepted(_))));
    assert_eq!(mails[1].user_id.as_deref(), Some(a.to_string().as_str()));
}

#[tokio::test(flavor = "multi_thread")]
async fn decline_cancel_and_remove_end_the_row_and_say_when_there_is_none() {
    let app = spawn_app().await;
    let (a, b) = (app.join("chika", None).await, app.join("daichi", None).await);

    // Decline: only the recipient can, once.
    app.user(a).send_friend_request(member_ref(b)).await.unwrap();
    let wrong_side = app.user(a).decline_friend_request(member_ref(b)).await.expect_err("own request");
    assert_eq!(code(&wrong_side), "FRIEND_REQUEST_NOT_FOUND");
    let declined = app.user(b).decline_friend_request(member_ref(a)).await.unwrap().into_inner();
    assert_eq!(state(declined), S::None as i32);
    let again = app.user(b).decline_friend_request(member_ref(a)).await.expect_err("gone");
    assert_eq!((again.code(), code(&again)), (tonic::Code::NotFound, "FRIEND_REQUEST_NOT_FOUND"));
    let not_pending = app.user(b).accept_friend_request(member_ref(a)).await.expect_err("declined");
    assert_eq!(code(&not_pending), "FRIEND_REQUEST_NOT_FOUND");

    // Cancel: only the sender can.
    app.user(a).send_friend_request(member_ref(b)).await.unwrap();
    let not_theirs = app.user(b).cancel_friend_request(member_ref(a)).await.expect_err("not b's request");
    assert_eq!(code(&not_theirs), "FRIEND_REQUEST_NOT_FOUND");
    let cancelled = app.user(a).cancel_friend_request(member_ref(b)).await.unwrap().into_inner();
    assert_eq!(state(cancelled), S::None as i32);
    assert_eq!(app.rows_between(a, b).await, 0);

    // Remove: either side, only friends.
    let not_friends = app.user(a).remove_friend(member_ref(b)).await.expect_err("not friends");
    assert_eq!(code(&not_friends), "FRIEND_NOT_FOUND");
    app.befriend(a, b).await;
    let removed = app.user(b).remove_friend(member_ref(a)).await.unwrap().into_inner();
    assert_eq!(state(removed), S::None as i32);
    assert_eq!(app.rows_between(a, b).await, 0);
    let listed = app.user(a).list_friends(pb::ListFriendsRequest {}).await.unwrap().into_inner();
    assert!(listed.friends.is_empty() && listed.outgoing.is_empty() && listed.incoming.is_empty());
}

#[tokio::test(flavor = "multi_thread")]
async fn requests_to_oneself_nobody_or_a_bad_id_are_refused() {
    let app = spawn_app().await;
    let me = app.join("emi", None).await;
    let own = app.user(me).send_friend_request(member_ref(me)).await.expect_err("self");
    assert_eq!((own.code(), code(&own)), (tonic::Code::InvalidArgument, "CANNOT_FRIEND_SELF"));
    let nobody = app.user(me).send_friend_request(member_ref(UserId::new())).await.expect_err("unknown");
    assert_eq!((nobody.code(), code(&nobody)), (tonic::Code::NotFound, "MEMBER_NOT_FOUND"));
    let garbage =
        app.user(me).send_friend_request(pb::MemberRef { user_id: "x'; drop".into() }).await.expect_err("bad id");
    assert_eq!(code(&garbage), "MEMBER_NOT_FOUND");
    let compat = app.user(me).get_compatibility(member_ref(UserId::new())).await.expect_err("no friend");
    assert_eq!(code(&compat), "FRIEND_NOT_FOUND");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_caller_social_does_not_know_yet_is_asked_to_try_again() {
    let app = spawn_app().await;
    let known = app.join("known", None).await;
    // Signed in, but the verification event has not reached social yet.
    let early = UserId::new();
    let refused = app.user(early).send_friend_request(member_ref(known)).await.expect_err("not known yet");
    assert_eq!((refused.code(), code(&refused)), (tonic::Code::Unavailable, "SERVICE_UNAVAILABLE"));
    assert_eq!(app.rows_between(early, known).await, 0);
    assert!(app.mails().await.is_empty());
}

#[tokio::test(flavor = "multi_thread")]
async fn twenty_concurrent_requests_and_accepts_between_one_pair_leave_one_friendship() {
    let app = spawn_app().await;
    let (a, b) = (app.join("fumi", None).await, app.join("goro", None).await);
    let mut tasks = Vec::new();
    for i in 0..20 {
        let (me, other) = if i % 2 == 0 { (a, b) } else { (b, a) };
        let client = app.user(me);
        tasks.push(tokio::spawn(async move {
            let mut client = client;
            if i % 4 < 2 {
                client.send_friend_request(member_ref(other)).await.map(|r| r.into_inner().state)
            } else {
                client.accept_friend_request(member_ref(other)).await.map(|r| r.into_inner().state)
            }
        }));
    }
    for task in tasks {
        match task.await.unwrap() {
            Ok(s) => assert!(s == S::Outgoing as i32 || s == S::Friends as i32, "{s}"),
            // An accept before any request, or a request after the friendship: both are answers.
            Err(status) => {
                assert!(["FRIEND_REQUEST_NOT_FOUND", "ALREADY_FRIENDS"].contains(&code(&status)), "{status:?}")
            }
        }
    }
    assert_eq!(app.rows_between(a, b).await, 1);
    let a_view = app.user(a).list_friends(pb::ListFriendsRequest {}).await.unwrap().into_inner();
    let b_view = app.user(b).list_friends(pb::ListFriendsRequest {}).await.unwrap().into_inner();
    assert_eq!(a_view.friends.len(), 1, "{a_view:?}");
    assert_eq!(b_view.friends.len(), 1, "{b_view:?}");
    // One request mail and one acceptance mail, whatever the interleaving.
    let mails = app.mails_exactly(2).await;
    assert_eq!(mails.iter().filter(|m| matches!(m.kind, Some(Kind::FriendRequestReceived(_)))).count(), 1);
    assert_eq!(mails.iter().filter(|m| matches!(m.kind, Some(Kind::FriendRequestAccepted(_)))).count(), 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_daily_request_limit_counts_cancelled_requests_over_a_rolling_day() {
    let app =
        spawn_with(|_| {}, |o| o.limits = social::domain::Limits { requests_per_day: 3, ..Default::default() }).await;
    let me = app.join("hiro", None).await;
    let mut others = Vec::new();
    for name in ["iku", "jun", "kai", "leo"] {
        others.push(app.join(name, None).await);
    }
    for other in &others[..3] {
        app.user(me).send_friend_request(member_ref(*other)).await.unwrap();
    }
    app.user(me).cancel_friend_request(member_ref(others[0])).await.unwrap();
    let refused = app.user(me).send_friend_request(member_ref(others[3])).await.expect_err("limit");
    assert_eq!((refused.code(), code(&refused)), (tonic::Code::ResourceExhausted, "FRIEND_REQUEST_LIMIT"));
    // Answering a request someone else sent is not a new request.
    app.user(others[3]).send_friend_request(member_ref(me)).await.unwrap();
    let mutual = app.user(me).send_friend_request(member_ref(others[3])).await.unwrap().into_inner();
    assert_eq!(mutual.state, S::Friends as i32);

    app.social.clock.advance(Duration::from_secs(24 * 3600 + 1));
    app.user(me).send_friend_request(member_ref(others[0])).await.expect("a new day");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_friend_limit_holds_for_both_sides() {
    let app = spawn_with(|_| {}, |o| o.limits = social::domain::Limits { max_friends: 1, ..Default::default() }).await;
    let (a, b, c) = (app.join("mai", None).await, app.join("nao", None).await, app.join("oto", None).await);
    app.befriend(a, b).await;
    let mine = app.user(a).send_friend_request(member_ref(c)).await.expect_err("a is full");
    assert_eq!((mine.code(), code(&mine)), (tonic::Code::ResourceExhausted, "FRIEND_LIMIT"));
    let theirs = app.user(c).send_friend_request(member_ref(a)).await.expect_err("a is full");
    assert_eq!(code(&theirs), "FRIEND_LIMIT");
    app.user(a).remove_friend(member_ref(b)).await.unwrap();
    app.user(c).send_friend_request(member_ref(a)).await.expect("room again");
}
