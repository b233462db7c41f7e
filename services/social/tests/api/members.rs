//! The member read model: identity's events (idempotent, redelivered, newest wins, deletions
//! stick), invites after verification, and the start-up backfill.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use meguri_ids::UserId;
use meguri_proto::identity::{AccountDeleted, EmailVerified, ProfileChanged};
use meguri_proto::notify::mail_requested::Kind;
use meguri_proto::social as pb;

use crate::helpers::{member_ref, profile, spawn_app, spawn_with};

async fn username(app: &crate::helpers::TestApp, user: UserId) -> Option<String> {
    app.visitor().get_invite(member_ref(user)).await.ok().and_then(|r| r.into_inner().inviter).map(|m| m.username)
}

#[tokio::test(flavor = "multi_thread")]
async fn the_newest_profile_wins_whatever_the_order() {
    let app = spawn_app().await;
    let user = app.join("old_name", None).await;
    let newer = ProfileChanged {
        user_id: user.to_string(),
        profile: Some(profile(user, "new_name", None, "2026-11-20T00:00:00.000000Z")),
    };
    app.publish(uuid::Uuid::now_v7(), &newer).await;
    app.wait_for("the change", || async { username(&app, user).await.as_deref() == Some("new_name") }).await;
    let card = app.visitor().get_invite(member_ref(user)).await.unwrap().into_inner().inviter.unwrap();
    assert_eq!(card.first_name, None);

    // An older copy arriving late changes nothing.
    let older = ProfileChanged {
        user_id: user.to_string(),
        profile: Some(profile(user, "stale_name", None, "2026-11-10T00:00:00.000000Z")),
    };
    app.publish(uuid::Uuid::now_v7(), &older).await;
    // A marker event after it: once it is applied, the older one was handled too.
    let marker = app.join("marker", None).await;
    app.wait_known(marker).await;
    assert_eq!(username(&app, user).await.as_deref(), Some("new_name"));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_redelivered_event_is_applied_once() {
    let app = spawn_app().await;
    let inviter = app.join("inviter", None).await;
    let newcomer = UserId::new();
    let event = EmailVerified {
        user_id: newcomer.to_string(),
        profile: Some(profile(newcomer, "newcomer", None, "2026-11-01T00:00:00.000000Z")),
        inviter_id: Some(inviter.to_string()),
    };
    let event_id = uuid::Uuid::now_v7();
    app.publish(event_id, &event).await;
    app.wait_known(newcomer).await;
    // The same event again (a relay that crashed after XADD): no second request, no second mail.
    app.publish(event_id, &event).await;
    app.user(inviter).cancel_friend_request(member_ref(newcomer)).await.expect_err("not the inviter's request");
    let marker = app.join("marker2", None).await;
    app.wait_known(marker).await;
    let mails = app.mails_exactly(1).await;
    assert!(matches!(mails[0].kind, Some(Kind::FriendRequestReceived(_))));
}

#[tokio::test(flavor = "multi_thread")]
async fn an_invite_sign_up_asks_the_inviter_after_verification() {
    let app = spawn_app().await;
    let inviter = app.join("senpai", None).await;
    let newcomer = app.join_invited("kohai", None, Some(inviter)).await;

    let view = app.user(inviter).list_friends(pb::ListFriendsRequest {}).await.unwrap().into_inner();
    assert_eq!(view.incoming.len(), 1);
    assert_eq!(view.incoming[0].member.as_ref().unwrap().user_id, newcomer.to_string());
    let mails = app.mails_exactly(1).await;
    assert_eq!(mails[0].user_id.as_deref(), Some(inviter.to_string().as_str()));
    match mails[0].kind.as_ref().unwrap() {
        Kind::FriendRequestReceived(m) => assert_eq!(m.from_username, "kohai"),
        other => panic!("{other:?}"),
    }
    // No daily-limit entry: the newcomer can still send their own.
    assert_eq!(app.rows_between(inviter, newcomer).await, 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_unknown_or_blocking_inviter_gets_no_request() {
    let app = spawn_app().await;
    let lonely = app.join_invited("lonely", None, Some(UserId::new())).await;
    let listed = app.user(lonely).list_friends(pb::ListFriendsRequest {}).await.unwrap().into_inner();
    assert!(listed.outgoing.is_empty());

    let inviter = app.join("picky", None).await;
    let newcomer = UserId::new();
    // The inviter blocked the newcomer before the newcomer was verified (a block of a known id).
    app.publish(
        uuid::Uuid::now_v7(),
        &EmailVerified {
            user_id: newcomer.to_string(),
            profile: Some(profile(newcomer, "blocked_one", None, "2026-11-01T00:00:00.000000Z")),
            inviter_id: None,
        },
    )
    .await;
    app.wait_known(newcomer).await;
    app.user(inviter).block(member_ref(newcomer)).await.unwrap();
    app.publish(
        uuid::Uuid::now_v7(),
        &EmailVerified {
            user_id: newcomer.to_string(),
            profile: Some(profile(newcomer, "blocked_one", None, "2026-11-01T00:00:00.000000Z")),
            inviter_id: Some(inviter.to_string()),
        },
    )
    .await;
    let marker = app.join("marker3", None).await;
    app.wait_known(marker).await;
    assert_eq!(app.rows_between(inviter, newcomer).await, 0);
    assert!(app.mails().await.is_empty());
}

#[tokio::test(flavor = "multi_thread")]
async fn a_deleted_member_is_not_brought_back_by_a_late_event() {
    let app = spawn_app().await;
    let user = app.join("ghost", None).await;
    app.publish(uuid::Uuid::now_v7(), &AccountDeleted { user_id: user.to_string() }).await;
    app.wait_for("the deletion", || async { username(&app, user).await.is_none() }).await;
    let late = ProfileChanged {
        user_id: user.to_string(),
        profile: Some(profile(user, "ghost2", None, "2026-12-01T00:00:00.000000Z")),
    };
    app.publish(uuid::Uuid::now_v7(), &late).await;
    let marker = app.join("marker4", None).await;
    app.wait_known(marker).await;
    assert_eq!(username(&app, user).await, None);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_first_start_backfills_every_member_from_identity() {
    let ids: Vec<UserId> = (0..7).map(|_| UserId::new()).collect();
    let app = spawn_with(
        |identity| {
            let mut profiles = identity.profiles.lock().unwrap();
            for (i, user) in ids.iter().enumerate() {
                profiles.insert(*user, profile(*user, &format!("early_{i}"), None, "2026-10-01T00:00:00.000000Z"));
            }
        },
        |_| {},
    )
    .await;
    for user in &ids {
        app.wait_known(*user).await;
    }
    let me = app.join("late_joiner", None).await;
    let found = app
        .user(me)
        .search_members(pb::SearchMembersRequest { query: "early_".into(), limit: 20 })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(found.results.len(), 7);
}
