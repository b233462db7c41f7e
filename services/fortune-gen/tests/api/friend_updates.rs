//! GetFriendUpdates: built once per local day from social's friends and their ready charts,
//! stored, served from storage but only for the members social lists as friends at each read;
//! social down → SOCIAL_UNAVAILABLE with nothing stored or served; a deleted friend's updates are
//! dropped.

use std::time::Duration;

use meguri_auth::{Role, Subject};
use meguri_ids::UserId;
use meguri_proto::fortune as pb;
use meguri_proto::identity::AccountDeleted;
use tonic::Code;

use crate::helpers::{JAPAN, TestApp, code_of, eventually, member, spawn_app};

const HOUR: Duration = Duration::from_secs(3600);

/// A member with `n` friends who all have ready charts; returns the member and the friends' ids.
async fn member_with_friends(app: &TestApp, n: i64) -> (UserId, Vec<UserId>) {
    let me = app.member_with_chart(1000).await;
    let mut friends = Vec::new();
    let mut members = Vec::new();
    for i in 0..n {
        let friend = app.member_with_chart(i * 7 + 2).await;
        members.push(member(friend, &format!("friend{i}"), None));
        friends.push(friend);
    }
    app.social.set_friends(me, &members);
    (me, friends)
}

/// The text shape home renders: a header line, then two or three lines starting with "- ".
fn assert_update_text(text: &str) {
    let lines: Vec<&str> = text.lines().collect();
    assert!((3..=4).contains(&lines.len()), "{text}");
    assert!(lines[0].contains("さんの今日は「") && lines[0].ends_with("」の日"), "{text}");
    assert!(lines[1..].iter().all(|l| l.starts_with("- ") && l.chars().count() > 2), "{text}");
}

#[tokio::test(flavor = "multi_thread")]
async fn updates_are_built_once_a_local_day_and_served_from_storage_until_the_next() {
    let app = spawn_app().await;
    let (me, _) = member_with_friends(&app, 5).await;

    // 09:00 and 23:30 in Japan, then 00:30 the next day.
    let morning = app.updates(me).await;
    app.fortune.clock.advance(HOUR * 14 + Duration::from_secs(30 * 60));
    let night = app.updates(me).await;
    let calls_that_day = app.social.calls();
    app.fortune.clock.advance(HOUR);
    let next = app.updates(me).await;

    assert_eq!(morning.date, "2026-11-22");
    assert_eq!(morning, night);
    assert_eq!(calls_that_day, 2, "social is asked at every read, for the friends of the moment");
    assert_eq!(next.date, "2026-11-23");
    assert_eq!(app.social.calls(), 3);
    assert_eq!(morning.updates.len(), 3);
    assert_eq!(next.updates.len(), 3);
    assert_ne!(morning.updates, next.updates);
    for (day, answer) in [("2026-11-22", &morning), ("2026-11-23", &next)] {
        for u in &answer.updates {
            assert_update_text(&u.text);
            assert!(u.id.starts_with(&format!("{day}:")), "{}", u.id);
        }
    }
    assert_eq!(app.rows("daily_friend_updates", me).await, 1, "one row per member, replaced each day");
}

#[tokio::test(flavor = "multi_thread")]
async fn only_friends_with_a_ready_chart_are_named_with_their_public_fields() {
    let app = spawn_app().await;
    let me = app.member_with_chart(1000).await;
    let with_chart = app.member_with_chart(5).await;
    let without_chart = UserId::new();
    app.social.set_friends(
        me,
        &[member(without_chart, "nochart", Some("チャートなし")), member(with_chart, "hanako", Some("花子"))],
    );

    let answer = app.updates(me).await;

    assert_eq!(answer.updates.len(), 1);
    let update = &answer.updates[0];
    assert_update_text(&update.text);
    assert!(update.text.starts_with("花子さんの今日は「"), "{}", update.text);
    assert_eq!(
        update.friends,
        [pb::FriendRef {
            user_id: with_chart.to_string(),
            username: "hanako".into(),
            first_name: Some("花子".into()),
            profile_image_url: Some("https://img.example.jp/hanako.png".into()),
        }]
    );
    assert!(!update.text.contains("チャートなし"));
}

#[tokio::test(flavor = "multi_thread")]
async fn the_same_friends_on_the_same_day_give_the_same_updates_in_any_order() {
    let app = spawn_app().await;
    let (me, friends) = member_with_friends(&app, 8).await;
    let first = app.updates(me).await;

    // Another member with the same friends, listed the other way round by social.
    let other = app.member_with_chart(1000).await;
    let mut reversed: Vec<_> =
        friends.iter().enumerate().map(|(i, f)| member(*f, &format!("friend{i}"), None)).collect();
    reversed.reverse();
    app.social.set_friends(other, &reversed);
    let second = app.updates(other).await;

    assert_eq!(first.updates.len(), 3);
    assert_eq!(first, second);
}

#[tokio::test(flavor = "multi_thread")]
async fn no_friends_is_an_empty_list_that_is_stored_too() {
    let app = spawn_app().await;
    let lonely = app.member_with_chart(3).await;

    let first = app.updates(lonely).await;
    let again = app.updates(lonely).await;

    assert_eq!(first.updates, []);
    assert_eq!(first.date, "2026-11-22");
    assert_eq!(first, again);
    assert_eq!(app.social.calls(), 2);
    assert_eq!(app.rows("daily_friend_updates", lonely).await, 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_callers_own_chart_is_not_needed() {
    let app = spawn_app().await;
    let no_chart = UserId::new();
    let friend = app.member_with_chart(9).await;
    app.social.set_friends(no_chart, &[member(friend, "tomo", None)]);

    let answer = app.updates(no_chart).await;

    assert_eq!(answer.updates.len(), 1);
    assert_update_text(&answer.updates[0].text);
}

#[tokio::test(flavor = "multi_thread")]
async fn social_down_is_social_unavailable_and_nothing_is_stored() {
    let app = spawn_app().await;
    let (me, _) = member_with_friends(&app, 2).await;
    app.social.set_down(true);

    let refused = app.updates_in(me, JAPAN).await.expect_err("social is down");

    assert_eq!(refused.code(), Code::Unavailable);
    assert_eq!(code_of(&refused), "SOCIAL_UNAVAILABLE");
    assert_eq!(app.rows("daily_friend_updates", me).await, 0);

    app.social.set_down(false);
    let answer = app.updates(me).await;
    assert_eq!(answer.updates.len(), 2);
    assert_eq!(app.rows("daily_friend_updates", me).await, 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_day_already_built_is_not_served_while_social_is_down() {
    let app = spawn_app().await;
    let (me, _) = member_with_friends(&app, 2).await;
    let built = app.updates(me).await;

    app.social.set_down(true);
    let refused = app.updates_in(me, JAPAN).await.expect_err("who is still a friend is not known");
    app.social.set_down(false);
    let served = app.updates(me).await;

    assert_eq!(code_of(&refused), "SOCIAL_UNAVAILABLE");
    assert_eq!(built, served, "the stored day is served again once social answers");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_friend_who_is_no_longer_one_has_no_card_from_the_next_read() {
    let app = spawn_app().await;
    let (me, friends) = member_with_friends(&app, 2).await;
    let built = app.updates(me).await;
    assert_eq!(built.updates.len(), 2);

    // A block or an unfriend: social no longer lists friends[0].
    app.social.set_friends(me, &[member(friends[1], "friend1", None)]);
    let after = app.updates(me).await;

    assert_eq!(after.date, built.date);
    let named: Vec<&str> = after.updates.iter().map(|u| u.friends[0].user_id.as_str()).collect();
    assert_eq!(named, [friends[1].to_string()]);
    assert_eq!(app.rows("daily_friend_updates", me).await, 1, "the day is not built again");
}

#[tokio::test(flavor = "multi_thread")]
async fn social_not_answering_at_all_is_social_unavailable() {
    let app = spawn_app().await;
    let me = app.member_with_chart(1).await;
    app.social.set_friends(me, &[]);
    // Take the fake away: connections are refused.
    app.social.stop();

    let refused = app.updates_in(me, JAPAN).await.expect_err("social is gone");

    assert_eq!(refused.code(), Code::Unavailable);
    assert_eq!(code_of(&refused), "SOCIAL_UNAVAILABLE");
    assert_eq!(app.rows("daily_friend_updates", me).await, 0);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_local_date_follows_the_callers_offset() {
    let app = spawn_app().await;
    let (me, _) = member_with_friends(&app, 3).await;

    // 2026-11-22T00:00Z: still the 21st at UTC−12 (offset 720), already the 22nd at UTC+14
    // (offset −840): the browser moving from one to the other sees a later day.
    let west = app.updates_in(me, 720).await.expect("west");
    let east = app.updates_in(me, -840).await.expect("east");
    let west_again = app.updates_in(me, 720).await.expect("west again");

    assert_eq!(west.date, "2026-11-21");
    assert_eq!(east.date, "2026-11-22");
    assert_ne!(west.updates, east.updates);
    assert_eq!(west_again.date, "2026-11-21");
    assert_eq!(west_again, west, "the same day builds the same updates again");
    let invalid = app.updates_in(me, 900).await.expect_err("out of range");
    assert_eq!(code_of(&invalid), "INVALID_TIMEZONE_OFFSET");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_deleted_friends_updates_are_dropped_and_built_again_without_them() {
    let app = spawn_app().await;
    let (me, friends) = member_with_friends(&app, 1).await;
    let before = app.updates(me).await;
    assert_eq!(before.updates[0].friends[0].user_id, friends[0].to_string());

    // identity deletes the friend; social forgets the friendship.
    let gone = friends[0];
    app.social.set_friends(me, &[]);
    app.publish(&AccountDeleted { user_id: gone.to_string() }).await;
    eventually("the updates naming the deleted friend to be dropped", || async {
        (app.rows("daily_friend_updates", me).await == 0).then_some(())
    })
    .await;
    let after = app.updates(me).await;

    assert_eq!(after.date, before.date);
    assert_eq!(after.updates, []);
    assert_eq!(app.rows("charts", gone).await, 0);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_deleted_members_own_updates_go_with_the_account() {
    let app = spawn_app().await;
    let (me, friends) = member_with_friends(&app, 2).await;
    app.updates(me).await;
    // A friend's own stored updates, which name nobody that is deleted.
    app.social.set_friends(friends[0], &[member(friends[1], "other", None)]);
    app.updates(friends[0]).await;

    app.publish(&AccountDeleted { user_id: me.to_string() }).await;
    eventually("the deleted member's updates to go", || async {
        (app.rows("daily_friend_updates", me).await == 0).then_some(())
    })
    .await;

    assert_eq!(app.rows("daily_friend_updates", friends[0]).await, 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn only_a_signed_in_user_may_ask() {
    let app = spawn_app().await;

    let visitor = app
        .client_as(Subject::Anonymous, Role::Visitor)
        .await
        .get_friend_updates(pb::GetFriendUpdatesRequest { timezone_offset_minutes: Some(JAPAN) })
        .await
        .expect_err("a visitor");

    assert_eq!(visitor.code(), Code::Unauthenticated);
    assert_eq!(app.social.calls(), 0);
}
