//! What social needs from identity (issue 13): the invite carried from sign-up to
//! `EmailVerified`, the public profile in `EmailVerified` and `ProfileChanged`, and the two
//! service-only reads, GetContact (notify) and ListMemberProfiles (social's backfill).

use std::collections::BTreeSet;
use std::time::Duration;

use chrono::{DateTime, SubsecRound as _, Utc};
use meguri_proto::identity::{self as pb, EmailVerified, ProfileChanged};

use crate::helpers::{code_of, sign_up_request, spawn_app};

fn time(raw: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(raw).expect("RFC 3339").with_timezone(&Utc)
}

#[tokio::test(flavor = "multi_thread")]
async fn email_verified_carries_the_public_profile_and_the_inviter() {
    let app = spawn_app().await;
    let inviter = app.verified_user("inviter@example.jp", "sakura").await;
    let request = pb::SignUpRequest {
        first_name: Some("花子".into()),
        inviter_id: Some(inviter.clone()),
        ..sign_up_request("hanako@example.jp", "hanako")
    };
    let id = app.visitor().await.sign_up(request).await.expect("sign-up").into_inner().user_id;
    // Nothing is published for an unverified account.
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert!(app.events::<EmailVerified>().await.iter().all(|e| e.user_id != id));

    app.verify("hanako@example.jp").await;

    let event = app.wait_event::<EmailVerified>("hanako verified", |e| e.user_id == id).await;
    assert_eq!(event.inviter_id.as_deref(), Some(inviter.as_str()));
    let profile = event.profile.expect("the profile");
    assert_eq!(profile.user_id, id);
    assert_eq!(profile.username, "hanako");
    assert_eq!(profile.first_name.as_deref(), Some("花子"));
    assert_eq!(profile.profile_image_url, None);
    assert!(profile.updated_at.ends_with('Z') && profile.updated_at.len() == "2026-11-26T12:00:00.000000Z".len());
    assert_eq!(time(&profile.updated_at), app.service.clock.now().trunc_subsecs(6), "set at sign-up");
    // The inviter's own verification names nobody.
    let own = app.wait_event::<EmailVerified>("the inviter verified", |e| e.user_id == inviter).await;
    assert_eq!(own.inviter_id, None);
    // Only public fields: no address, no birth data anywhere in the event.
    let text = format!("{own:?}");
    assert!(!text.contains("inviter@example.jp") && !text.contains("1990"), "{text}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_malformed_inviter_is_ignored_and_an_unknown_one_is_passed_on_unchecked() {
    let app = spawn_app().await;
    let mut visitor = app.visitor().await;
    let malformed =
        pb::SignUpRequest { inviter_id: Some("not-a-uuid".into()), ..sign_up_request("a@example.jp", "ayaka") };
    let a = visitor.sign_up(malformed).await.expect("sign-up is not refused").into_inner().user_id;
    let unknown = uuid::Uuid::now_v7().to_string();
    let b = visitor
        .sign_up(pb::SignUpRequest { inviter_id: Some(unknown.clone()), ..sign_up_request("b@example.jp", "botan") })
        .await
        .expect("sign-up")
        .into_inner()
        .user_id;
    app.verify("a@example.jp").await;
    app.verify("b@example.jp").await;

    let a = app.wait_event::<EmailVerified>("a verified", |e| e.user_id == a).await;
    assert_eq!(a.inviter_id, None);
    // Sign-up does not tell who exists: social ignores an inviter it does not know.
    let b = app.wait_event::<EmailVerified>("b verified", |e| e.user_id == b).await;
    assert_eq!(b.inviter_id, Some(unknown));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_reset_that_verifies_the_address_publishes_the_profile_too() {
    let app = spawn_app().await;
    let id = app.sign_up("hanako@example.jp", "hanako").await;
    app.visitor()
        .await
        .forgot_password(pb::ForgotPasswordRequest { email: "hanako@example.jp".into() })
        .await
        .expect("forgot");
    let token = app.reset_token_for("hanako@example.jp", 0).await;
    app.visitor()
        .await
        .reset_password(pb::ResetPasswordRequest {
            token,
            email: "hanako@example.jp".into(),
            password: "another long password".into(),
        })
        .await
        .expect("reset");

    let event = app.wait_event::<EmailVerified>("verified by the reset", |e| e.user_id == id).await;
    assert_eq!(event.profile.expect("the profile").username, "hanako");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_new_username_is_published_with_a_newer_time_and_the_same_name_is_not() {
    let app = spawn_app().await;
    let id = app.verified_user("hanako@example.jp", "hanako").await;
    let verified = app.wait_event::<EmailVerified>("verified", |e| e.user_id == id).await;
    let mut me = app.user(&id).await;

    app.service.clock.advance(Duration::from_secs(60));
    me.update_username(pb::UpdateUsernameRequest { username: "はなこ".into() }).await.expect("renamed");

    let changed = app.wait_event::<ProfileChanged>("renamed", |e| e.user_id == id).await;
    let profile = changed.profile.expect("the profile");
    assert_eq!(profile.username, "はなこ");
    assert!(time(&profile.updated_at) > time(&verified.profile.expect("profile").updated_at));

    // The same name again: nothing changes, nothing is published.
    me.update_username(pb::UpdateUsernameRequest { username: "はなこ".into() }).await.expect("same name");
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(app.events::<ProfileChanged>().await.len(), 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn get_contact_gives_services_the_address_of_verified_members_only() {
    let app = spawn_app().await;
    let member = app.verified_user("hanako@example.jp", "hanako").await;
    let unverified = app.sign_up("taro@example.jp", "taro").await;
    let gone = app.verified_user("gone@example.jp", "gone").await;
    app.user(&gone)
        .await
        .delete_account(pb::DeleteAccountRequest { password: "correct horse battery".into() })
        .await
        .expect("deleted");
    let mut service = app.service().await;
    let ask = |id: &str| pb::GetContactRequest { user_id: id.to_owned() };

    let contact = service.get_contact(ask(&member)).await.expect("contact").into_inner();
    assert_eq!((contact.email.as_str(), contact.username.as_str()), ("hanako@example.jp", "hanako"));
    for (id, what) in
        [(unverified.clone(), "unverified"), (gone, "deleted"), (uuid::Uuid::now_v7().to_string(), "unknown")]
    {
        let status = service.get_contact(ask(&id)).await.expect_err(what);
        assert_eq!((status.code(), code_of(&status)), (tonic::Code::NotFound, "USER_NOT_FOUND"), "{what}");
    }
    let bad = service.get_contact(ask("hanako")).await.expect_err("not a UUID");
    assert_eq!(code_of(&bad), "INVALID_USER_ID");

    // Members and visitors never read another person's address.
    let own = app.user(&member).await.get_contact(ask(&member)).await.expect_err("a user token");
    assert_eq!((own.code(), code_of(&own)), (tonic::Code::PermissionDenied, "PERMISSION_DENIED"));
    let visitor = app.visitor().await.get_contact(ask(&member)).await.expect_err("a visitor token");
    assert_eq!(code_of(&visitor), "PERMISSION_DENIED");
}

#[tokio::test(flavor = "multi_thread")]
async fn member_profiles_page_by_user_id_over_verified_live_members_only() {
    let app = spawn_app().await;
    let mut members = BTreeSet::new();
    for name in ["aoi", "botan", "chika", "daiki", "emi"] {
        members.insert(app.verified_user(&format!("{name}@example.jp"), name).await);
    }
    app.sign_up("unverified@example.jp", "mikakunin").await;
    let gone = app.verified_user("gone@example.jp", "gone").await;
    app.user(&gone)
        .await
        .delete_account(pb::DeleteAccountRequest { password: "correct horse battery".into() })
        .await
        .expect("deleted");
    let mut service = app.service().await;

    let mut seen = Vec::new();
    let mut after = String::new();
    let mut pages = 0;
    loop {
        let page = service
            .list_member_profiles(pb::ListMemberProfilesRequest { after_user_id: after.clone(), limit: 2 })
            .await
            .expect("a page")
            .into_inner();
        pages += 1;
        assert!(page.members.len() <= 2);
        seen.extend(page.members.iter().map(|m| (m.user_id.clone(), m.username.clone())));
        match page.next_after_user_id {
            Some(next) => {
                assert_eq!(Some(&next), page.members.last().map(|m| &m.user_id), "the cursor is the page's last id");
                after = next;
            }
            None => break,
        }
    }
    assert_eq!(pages, 3, "2 + 2 + 1");
    let ids: Vec<String> = seen.iter().map(|(id, _)| id.clone()).collect();
    assert_eq!(ids, members.iter().cloned().collect::<Vec<_>>(), "every verified live member once, by id");
    assert!(seen.iter().all(|(_, name)| name != "mikakunin" && name != "gone"));

    // Unset limit: the default page holds everyone here, and there is no next page.
    let all = service
        .list_member_profiles(pb::ListMemberProfilesRequest::default())
        .await
        .expect("the default page")
        .into_inner();
    assert_eq!((all.members.len(), all.next_after_user_id), (5, None));

    let bad = service
        .list_member_profiles(pb::ListMemberProfilesRequest { after_user_id: "x".into(), limit: 0 })
        .await
        .expect_err("a bad cursor");
    assert_eq!(code_of(&bad), "INVALID_USER_ID");
    let user = app
        .user(&ids[0])
        .await
        .list_member_profiles(pb::ListMemberProfilesRequest::default())
        .await
        .expect_err("a user token");
    assert_eq!(code_of(&user), "PERMISSION_DENIED");
}
