//! Blocking ends a friendship, stops requests both ways, hides the invite card from the blocked
//! member, and is listed for the blocker.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use meguri_proto::social as pb;
use meguri_proto::social::FriendshipState as S;

use crate::helpers::{code, member_ref, spawn_app};

#[tokio::test(flavor = "multi_thread")]
async fn a_block_ends_the_friendship_and_stops_requests_both_ways() {
    let app = spawn_app().await;
    let (a, b) = (app.join("tomo", None).await, app.join("umi", None).await);
    app.befriend(a, b).await;

    let blocked = app.user(a).block(member_ref(b)).await.unwrap().into_inner();
    assert_eq!(blocked.state, S::Blocked as i32);
    assert_eq!(app.user(a).block(member_ref(b)).await.unwrap().into_inner().state, S::Blocked as i32);
    assert_eq!(app.rows_between(a, b).await, 0);

    for (from, to) in [(a, b), (b, a)] {
        let refused = app.user(from).send_friend_request(member_ref(to)).await.expect_err("blocked");
        assert_eq!((refused.code(), code(&refused)), (tonic::Code::NotFound, "MEMBER_NOT_FOUND"));
    }
    // The blocked member cannot see the blocker's invite card; the blocker sees the state.
    let hidden = app.user(b).get_invite(member_ref(a)).await.expect_err("blocked");
    assert_eq!(code(&hidden), "MEMBER_NOT_FOUND");
    let own_view = app.user(a).get_invite(member_ref(b)).await.unwrap().into_inner();
    assert_eq!(own_view.state, S::Blocked as i32);

    let list = app.user(a).list_blocks(pb::ListBlocksRequest {}).await.unwrap().into_inner();
    assert_eq!(list.members.len(), 1);
    assert_eq!(list.members[0].username, "umi");
    assert!(app.user(b).list_blocks(pb::ListBlocksRequest {}).await.unwrap().into_inner().members.is_empty());

    let unblocked = app.user(a).unblock(member_ref(b)).await.unwrap().into_inner();
    assert_eq!(unblocked.state, S::None as i32);
    assert_eq!(app.user(a).unblock(member_ref(b)).await.unwrap().into_inner().state, S::None as i32);
    app.user(b).send_friend_request(member_ref(a)).await.expect("no block any more");
}

#[tokio::test(flavor = "multi_thread")]
async fn blocking_oneself_or_nobody_is_refused() {
    let app = spawn_app().await;
    let me = app.join("vivi", None).await;
    let own = app.user(me).block(member_ref(me)).await.expect_err("self");
    assert_eq!((own.code(), code(&own)), (tonic::Code::InvalidArgument, "CANNOT_BLOCK_SELF"));
    let nobody = app.user(me).block(member_ref(meguri_ids::UserId::new())).await.expect_err("unknown");
    assert_eq!(code(&nobody), "MEMBER_NOT_FOUND");
    let bad = app.user(me).block(pb::MemberRef { user_id: "nope".into() }).await.expect_err("bad id");
    assert_eq!(code(&bad), "MEMBER_NOT_FOUND");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_invite_card_shows_public_fields_and_the_callers_state() {
    let app = spawn_app().await;
    let (inviter, guest) = (app.join("wataru", None).await, app.join("yui", None).await);
    let card = app.visitor().get_invite(member_ref(inviter)).await.unwrap().into_inner();
    let member = card.inviter.unwrap();
    assert_eq!((member.username.as_str(), member.first_name.as_deref()), ("wataru", Some("花子")));
    assert_eq!(card.state, S::Unspecified as i32);
    assert_eq!(
        app.user(inviter).get_invite(member_ref(inviter)).await.unwrap().into_inner().state,
        S::Unspecified as i32
    );
    assert_eq!(app.user(guest).get_invite(member_ref(inviter)).await.unwrap().into_inner().state, S::None as i32);
    app.user(guest).send_friend_request(member_ref(inviter)).await.unwrap();
    assert_eq!(app.user(guest).get_invite(member_ref(inviter)).await.unwrap().into_inner().state, S::Outgoing as i32);
    assert_eq!(app.user(inviter).get_invite(member_ref(guest)).await.unwrap().into_inner().state, S::Incoming as i32);
    for id in [meguri_ids::UserId::new().to_string(), "not-a-uuid".to_owned()] {
        let missing = app.visitor().get_invite(pb::MemberRef { user_id: id }).await.expect_err("unknown");
        assert_eq!((missing.code(), code(&missing)), (tonic::Code::NotFound, "MEMBER_NOT_FOUND"));
    }
}
