//! A skipped birth time: 12:00 is the value used, and the account keeps that it was not given.

use meguri_proto::identity as pb;

use crate::helpers::{sign_up_request, spawn_app};

fn birth(time: Option<&str>) -> pb::BirthData {
    pb::BirthData {
        birth_date: Some("1990-05-15".into()),
        birth_time: time.map(str::to_owned),
        birth_location: Some("東京, 日本".into()),
        longitude: Some(139.6503),
        latitude: Some(35.6762),
        dst_choice: None,
    }
}

async fn profile_time(app: &crate::helpers::TestApp, id: &str) -> Option<String> {
    let profile = app
        .service()
        .await
        .get_birth_profile(pb::GetBirthProfileRequest { user_id: id.to_owned() })
        .await
        .expect("profile")
        .into_inner();
    profile.birth.expect("birth").birth_time
}

#[tokio::test(flavor = "multi_thread")]
async fn a_time_given_at_sign_up_is_known_even_when_it_is_noon() {
    let app = spawn_app().await;
    let mut request = sign_up_request("noon@example.jp", "noon");
    request.birth = Some(birth(Some("12:00")));
    let id = app.visitor().await.sign_up(request).await.expect("sign-up").into_inner().user_id;

    let user = app.user(&id).await.get_user(pb::GetUserRequest {}).await.expect("get").into_inner().user.expect("user");

    assert_eq!(user.birth.expect("birth").birth_time.as_deref(), Some("12:00"));
    assert!(!user.birth_time_unknown);
    assert_eq!(profile_time(&app, &id).await.as_deref(), Some("12:00"));
}

#[tokio::test(flavor = "multi_thread")]
async fn settings_turn_an_unknown_time_into_a_known_one_and_back_and_each_turn_is_a_change() {
    let app = spawn_app().await;
    // Signed up without a time (the helper's sign-up skips it).
    let id = app.verified_user("hanako@example.jp", "hanako").await;
    let mut me = app.user(&id).await;
    let update =
        |time: Option<&str>| pb::UpdateBirthDataRequest { gender: pb::Gender::Female as i32, birth: Some(birth(time)) };

    // The person now knows it was noon: the same 12:00, but a known time — a change (the chart
    // no longer flags the hour).
    let known = me.update_birth_data(update(Some("12:00"))).await.expect("known").into_inner();
    assert!(known.birth_data_changed);
    let user = known.user.expect("user");
    assert!(!user.birth_time_unknown);
    assert_eq!(user.birth.expect("birth").birth_time.as_deref(), Some("12:00"));
    assert_eq!(profile_time(&app, &id).await.as_deref(), Some("12:00"));

    // An empty time in settings means unknown again.
    let unknown = me.update_birth_data(update(Some(""))).await.expect("unknown").into_inner();
    assert!(unknown.birth_data_changed);
    let user = unknown.user.expect("user");
    assert!(user.birth_time_unknown);
    assert_eq!(user.birth.expect("birth").birth_time.as_deref(), Some("12:00"), "the value used is still noon");
    assert_eq!(profile_time(&app, &id).await, None);

    // Saving the same unknown time again changes nothing.
    let same = me.update_birth_data(update(None)).await.expect("same").into_inner();
    assert!(!same.birth_data_changed);
    assert!(same.user.expect("user").birth_time_unknown);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_summer_time_choice_is_stored_with_a_time_read_back_by_every_reader_and_each_change_counts() {
    let app = spawn_app().await;
    let id = app.verified_user("natsu@example.jp", "natsu").await;
    let mut me = app.user(&id).await;
    let update = |time: Option<&str>, choice: Option<&str>| pb::UpdateBirthDataRequest {
        gender: pb::Gender::Male as i32,
        birth: Some(pb::BirthData {
            birth_date: Some("1948-05-02".into()),
            dst_choice: choice.map(str::to_owned),
            ..birth(time)
        }),
    };
    let profile_choice = async || {
        let profile = app
            .service()
            .await
            .get_birth_profile(pb::GetBirthProfileRequest { user_id: id.clone() })
            .await
            .expect("profile")
            .into_inner();
        profile.birth.expect("birth").dst_choice
    };

    let standard = me.update_birth_data(update(Some("00:30"), Some("standard"))).await.expect("stored").into_inner();
    assert!(standard.birth_data_changed);
    assert_eq!(standard.user.expect("user").birth.expect("birth").dst_choice.as_deref(), Some("standard"));
    assert_eq!(profile_choice().await.as_deref(), Some("standard"));

    // Another reading of the same time is another chart: a change.
    let later = me.update_birth_data(update(Some("00:30"), Some("later"))).await.expect("later").into_inner();
    assert!(later.birth_data_changed);
    assert_eq!(profile_choice().await.as_deref(), Some("later"));
    let same = me.update_birth_data(update(Some("00:30"), Some("later"))).await.expect("same").into_inner();
    assert!(!same.birth_data_changed);

    // An unknown time (read as 12:00) keeps no choice.
    let unknown = me.update_birth_data(update(None, Some("earlier"))).await.expect("unknown").into_inner();
    assert_eq!(unknown.user.expect("user").birth.expect("birth").dst_choice, None);
    assert_eq!(profile_choice().await, None);

    let refused = me.update_birth_data(update(Some("00:30"), Some("summer"))).await.expect_err("not a choice");
    assert_eq!(refused.code(), tonic::Code::InvalidArgument);
    assert_eq!(meguri_status::code_of(&refused), Some("INVALID_DST_CHOICE"));
    assert_eq!(profile_choice().await, None, "nothing changed");
}
