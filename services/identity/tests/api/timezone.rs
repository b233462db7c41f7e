//! The offset a person's browser reports: stored by SetTimezoneOffset, read by other services
//! through GetTimezoneOffset (absent until one is reported).

use meguri_proto::identity as pb;
use tonic::Code;

use crate::helpers::{code_of, spawn_app};

#[tokio::test(flavor = "multi_thread")]
async fn an_offset_is_absent_until_reported_then_stored_and_replaced() {
    let app = spawn_app().await;
    let id = app.verified_user("hanako@example.jp", "hanako").await;
    let mut service = app.service().await;
    let stored = |r: tonic::Response<pb::GetTimezoneOffsetResponse>| r.into_inner().timezone_offset;

    let never = service.get_timezone_offset(pb::GetTimezoneOffsetRequest { user_id: id.clone() }).await.expect("read");
    assert_eq!(stored(never), None);

    let mut me = app.user(&id).await;
    let set = me.set_timezone_offset(pb::SetTimezoneOffsetRequest { timezone_offset: 300 }).await.expect("stored");
    assert_eq!(set.into_inner().timezone_offset, 300);
    let read = service.get_timezone_offset(pb::GetTimezoneOffsetRequest { user_id: id.clone() }).await.expect("read");
    assert_eq!(stored(read), Some(300));
    let user = me.get_user(pb::GetUserRequest {}).await.expect("user").into_inner().user.expect("user");
    assert_eq!(user.timezone_offset, Some(300));

    // The person flew home to Japan.
    me.set_timezone_offset(pb::SetTimezoneOffsetRequest { timezone_offset: -540 }).await.expect("stored");
    let read = service.get_timezone_offset(pb::GetTimezoneOffsetRequest { user_id: id }).await.expect("read");
    assert_eq!(stored(read), Some(-540));
}

#[tokio::test(flavor = "multi_thread")]
async fn offsets_outside_the_earths_zones_are_refused_and_keep_the_stored_one() {
    let app = spawn_app().await;
    let id = app.verified_user("hanako@example.jp", "hanako").await;
    let mut me = app.user(&id).await;
    me.set_timezone_offset(pb::SetTimezoneOffsetRequest { timezone_offset: -840 }).await.expect("UTC+14 exists");

    for minutes in [-841, 721, i32::MAX] {
        let status =
            me.set_timezone_offset(pb::SetTimezoneOffsetRequest { timezone_offset: minutes }).await.expect_err("bad");
        assert_eq!(status.code(), Code::InvalidArgument, "{minutes}");
        assert_eq!(code_of(&status), "INVALID_TIMEZONE_OFFSET");
    }
    let user = me.get_user(pb::GetUserRequest {}).await.expect("user").into_inner().user.expect("user");
    assert_eq!(user.timezone_offset, Some(-840));
}

#[tokio::test(flavor = "multi_thread")]
async fn only_services_read_offsets_and_only_of_live_accounts() {
    let app = spawn_app().await;
    let id = app.verified_user("gone@example.jp", "gone").await;
    let own = app.user(&id).await.get_timezone_offset(pb::GetTimezoneOffsetRequest { user_id: id.clone() }).await;
    let status = own.expect_err("a user token may not");
    assert_eq!((status.code(), code_of(&status)), (Code::PermissionDenied, "PERMISSION_DENIED"));

    app.user(&id)
        .await
        .delete_account(pb::DeleteAccountRequest { password: "correct horse battery".into() })
        .await
        .expect("deleted");
    let mut service = app.service().await;
    for user_id in [id.clone(), uuid::Uuid::new_v4().to_string()] {
        let status = service.get_timezone_offset(pb::GetTimezoneOffsetRequest { user_id }).await.expect_err("gone");
        assert_eq!((status.code(), code_of(&status)), (Code::NotFound, "USER_NOT_FOUND"));
    }
    let status = app
        .user(&id)
        .await
        .set_timezone_offset(pb::SetTimezoneOffsetRequest { timezone_offset: 0 })
        .await
        .expect_err("deleted");
    assert_eq!(code_of(&status), "USER_NOT_FOUND");
}
