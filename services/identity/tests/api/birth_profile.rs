//! GetBirthProfile: other services read a user's gender and birth data.

use meguri_proto::identity as pb;
use tonic::Code;

use crate::helpers::{code_of, spawn_app};

#[tokio::test(flavor = "multi_thread")]
async fn a_service_reads_the_birth_profile_with_the_sign_up_defaults_and_no_time_when_it_was_skipped() {
    let app = spawn_app().await;
    let id = app.sign_up("hanako@example.jp", "hanako").await;

    let profile = app
        .service()
        .await
        .get_birth_profile(pb::GetBirthProfileRequest { user_id: id.clone() })
        .await
        .expect("profile")
        .into_inner();

    assert_eq!(profile.user_id, id);
    assert_eq!(profile.gender, pb::Gender::Female as i32);
    let birth = profile.birth.expect("birth");
    assert_eq!(birth.birth_date.as_deref(), Some("1990-05-15"));
    // Sign-up fills Tokyo when the place is skipped (spec §2); a skipped time is unknown to other
    // services (the chart then assumes 12:00 and says what depends on the hour).
    assert_eq!(birth.birth_time, None);
    assert_eq!(birth.birth_location.as_deref(), Some("東京, 日本"));
    assert_eq!((birth.longitude, birth.latitude), (Some(139.6503), Some(35.6762)));
    assert!(chrono::DateTime::parse_from_rfc3339(&profile.updated_at).is_ok(), "{}", profile.updated_at);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_profile_follows_a_birth_data_change_and_its_time() {
    let app = spawn_app().await;
    let id = app.verified_user("taro@example.jp", "taro").await;
    let before = app
        .admin()
        .await
        .get_birth_profile(pb::GetBirthProfileRequest { user_id: id.clone() })
        .await
        .expect("an admin reads it too")
        .into_inner();
    app.service.clock.advance(std::time::Duration::from_secs(60));

    app.user(&id)
        .await
        .update_birth_data(pb::UpdateBirthDataRequest {
            gender: pb::Gender::Other as i32,
            birth: Some(pb::BirthData {
                birth_date: Some("1985-01-02".into()),
                birth_time: Some("06:30".into()),
                birth_location: Some("大阪市, 大阪府, 日本".into()),
                longitude: Some(135.5),
                latitude: Some(34.69),
                dst_choice: None,
            }),
        })
        .await
        .expect("updated");
    let after = app
        .service()
        .await
        .get_birth_profile(pb::GetBirthProfileRequest { user_id: id.clone() })
        .await
        .expect("profile")
        .into_inner();

    assert_eq!(after.gender, pb::Gender::Other as i32);
    let birth = after.birth.expect("birth");
    assert_eq!(birth.birth_date.as_deref(), Some("1985-01-02"));
    assert_eq!(birth.birth_time.as_deref(), Some("06:30"));
    assert_eq!(birth.birth_location.as_deref(), Some("大阪市, 大阪府, 日本"));
    let t = |s: &str| chrono::DateTime::parse_from_rfc3339(s).expect("RFC 3339");
    assert_eq!((t(&after.updated_at) - t(&before.updated_at)).num_seconds(), 60);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_user_token_may_not_read_birth_profiles() {
    let app = spawn_app().await;
    let id = app.sign_up("hanako@example.jp", "hanako").await;

    let own = app.user(&id).await.get_birth_profile(pb::GetBirthProfileRequest { user_id: id.clone() }).await;
    let visitor = app.visitor().await.get_birth_profile(pb::GetBirthProfileRequest { user_id: id }).await;

    for result in [own, visitor] {
        let status = result.expect_err("refused");
        assert_eq!(status.code(), Code::PermissionDenied);
        assert_eq!(code_of(&status), "PERMISSION_DENIED");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn unknown_deleted_or_malformed_users_are_refused() {
    let app = spawn_app().await;
    let id = app.verified_user("gone@example.jp", "gone").await;
    app.user(&id)
        .await
        .delete_account(pb::DeleteAccountRequest { password: "correct horse battery".into() })
        .await
        .expect("deleted");
    let mut service = app.service().await;

    for user_id in [id, uuid::Uuid::new_v4().to_string()] {
        let status = service.get_birth_profile(pb::GetBirthProfileRequest { user_id }).await.expect_err("gone");
        assert_eq!(status.code(), Code::NotFound);
        assert_eq!(code_of(&status), "USER_NOT_FOUND");
    }
    let status =
        service.get_birth_profile(pb::GetBirthProfileRequest { user_id: "nope".into() }).await.expect_err("bad");
    assert_eq!(status.code(), Code::InvalidArgument);
    assert_eq!(code_of(&status), "INVALID_USER_ID");
}
