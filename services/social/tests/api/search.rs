//! Friend search: NFKC, case-insensitive prefix, public fields and the state, never the caller,
//! blocked or deleted members.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use meguri_ids::UserId;
use meguri_proto::identity::AccountDeleted;
use meguri_proto::social as pb;
use meguri_proto::social::FriendshipState as S;

use crate::helpers::{TestApp, code, member_ref, spawn_app};

async fn search(app: &TestApp, me: UserId, query: &str) -> Vec<(String, i32)> {
    app.user(me)
        .search_members(pb::SearchMembersRequest { query: query.to_owned(), limit: 0 })
        .await
        .unwrap()
        .into_inner()
        .results
        .into_iter()
        .map(|r| (r.member.unwrap().username, r.state))
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn search_matches_a_normalised_case_insensitive_prefix_with_the_state() {
    let app = spawn_app().await;
    let me = app.join("searcher", None).await;
    let hana = app.join("Hanako", None).await;
    app.join("hanabi_99", None).await;
    app.join("ハナコ", None).await;
    app.join("taro", None).await;
    app.user(me).send_friend_request(member_ref(hana)).await.unwrap();

    // Fullwidth and upper case find the same names; the order is by key.
    let found = search(&app, me, "ＨＡＮＡ").await;
    assert_eq!(found, [("hanabi_99".to_owned(), S::None as i32), ("Hanako".to_owned(), S::Outgoing as i32)]);
    // Halfwidth katakana is NFKC-normalised to fullwidth.
    assert_eq!(search(&app, me, "ﾊﾅ").await, [("ハナコ".to_owned(), S::None as i32)]);
    // A prefix, not a substring; `_` is a character, not a wildcard.
    assert!(search(&app, me, "anako").await.is_empty());
    assert!(search(&app, me, "hana_").await.is_empty());
    assert_eq!(search(&app, me, "hanabi_").await.len(), 1);
    // Never the caller.
    assert!(search(&app, me, "search").await.is_empty());
    // The other side sees the request as incoming.
    assert_eq!(search(&app, hana, "sea").await, [("searcher".to_owned(), S::Incoming as i32)]);

    let limited = app
        .user(me)
        .search_members(pb::SearchMembersRequest { query: "h".into(), limit: 1 })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(limited.results.len(), 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_empty_or_long_query_is_refused() {
    let app = spawn_app().await;
    let me = app.join("quinn", None).await;
    for query in ["", "   ", &"a".repeat(31)] {
        let refused = app
            .user(me)
            .search_members(pb::SearchMembersRequest { query: query.to_owned(), limit: 5 })
            .await
            .expect_err("invalid");
        assert_eq!((refused.code(), code(&refused)), (tonic::Code::InvalidArgument, "INVALID_SEARCH_QUERY"));
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn blocks_hide_members_from_search_both_ways() {
    let app = spawn_app().await;
    let (a, b) = (app.join("ryo_a", None).await, app.join("ryo_b", None).await);
    assert_eq!(search(&app, a, "ryo").await.len(), 1);
    app.user(a).block(member_ref(b)).await.unwrap();
    assert!(search(&app, a, "ryo").await.is_empty());
    assert!(search(&app, b, "ryo").await.is_empty());
    app.user(a).unblock(member_ref(b)).await.unwrap();
    assert_eq!(search(&app, b, "ryo").await, [("ryo_a".to_owned(), S::None as i32)]);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_deleted_member_disappears_from_search_lists_and_friends_of() {
    let app = spawn_app().await;
    let (a, gone) = (app.join("sora", None).await, app.join("sayo", None).await);
    app.befriend(a, gone).await;
    app.publish(uuid::Uuid::now_v7(), &AccountDeleted { user_id: gone.to_string() }).await;
    app.wait_for("the deletion", || async { app.visitor().get_invite(member_ref(gone)).await.is_err() }).await;
    assert!(search(&app, a, "sa").await.is_empty());
    let listed = app.user(a).list_friends(pb::ListFriendsRequest {}).await.unwrap().into_inner();
    assert!(listed.friends.is_empty());
    let friends_of = app.service().list_friends_of(pb::ListFriendsOfRequest { user_id: a.to_string() }).await;
    assert!(friends_of.unwrap().into_inner().friends.is_empty());
    assert_eq!(app.rows_between(a, gone).await, 0);
    let refused = app.user(a).send_friend_request(member_ref(gone)).await.expect_err("gone");
    assert_eq!(code(&refused), "MEMBER_NOT_FOUND");
}
