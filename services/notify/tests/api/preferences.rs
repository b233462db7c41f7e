//! E-mail preferences over gRPC.

use meguri_auth::{Role, Subject};
use meguri_ids::UserId;
use meguri_proto::notify as pb;
use tonic::Code;

use crate::helpers::{Delivery, spawn_app};

#[tokio::test(flavor = "multi_thread")]
async fn preferences_start_with_the_spec_defaults_and_change_field_by_field() {
    let app = spawn_app(Delivery::files()).await;
    let user = UserId::new();
    let mut client = app.user(user).await;

    let defaults = client
        .get_email_preferences(pb::GetEmailPreferencesRequest {})
        .await
        .expect("preferences")
        .into_inner()
        .preferences
        .expect("present");
    assert_eq!(
        defaults,
        pb::EmailPreferences {
            friend_request_received: true,
            friend_request_accepted: true,
            mentioned_in_diary: true,
            future_diary_delivery: true,
            inactivity_reminder: false,
        }
    );
    assert_eq!(
        app.count("SELECT count(*) AS n FROM email_preferences WHERE user_id = $1", user).await,
        1,
        "created on first read"
    );

    let changed = client
        .update_email_preferences(pb::UpdateEmailPreferencesRequest {
            inactivity_reminder: Some(true),
            friend_request_received: Some(false),
            ..Default::default()
        })
        .await
        .expect("update")
        .into_inner()
        .preferences
        .expect("present");
    let expected = pb::EmailPreferences { inactivity_reminder: true, friend_request_received: false, ..defaults };
    assert_eq!(changed, expected);

    let untouched = client
        .update_email_preferences(pb::UpdateEmailPreferencesRequest {
            mentioned_in_diary: Some(true),
            ..Default::default()
        })
        .await
        .expect("update")
        .into_inner()
        .preferences;
    assert_eq!(untouched, Some(expected), "fields not given keep their values");
    let read =
        client.get_email_preferences(pb::GetEmailPreferencesRequest {}).await.expect("read").into_inner().preferences;
    assert_eq!(read, Some(expected));

    let other =
        app.user(UserId::new()).await.get_email_preferences(pb::GetEmailPreferencesRequest {}).await.expect("other");
    assert_eq!(other.into_inner().preferences, Some(defaults), "each user has their own");
}

#[tokio::test(flavor = "multi_thread")]
async fn only_a_signed_in_user_has_preferences() {
    let app = spawn_app(Delivery::files()).await;
    for (subject, role) in [
        (Subject::Anonymous, Role::Visitor),
        (Subject::Anonymous, Role::Service),
        (Subject::User(UserId::new()), Role::Admin),
    ] {
        let mut client = app.client_as(subject, role).await;
        let refused = client.get_email_preferences(pb::GetEmailPreferencesRequest {}).await.expect_err("refused");
        assert_eq!(refused.code(), Code::PermissionDenied, "{role}");
        assert_eq!(refused.metadata().get("x-meguri-code").and_then(|v| v.to_str().ok()), Some("PERMISSION_DENIED"));
    }
}
