//! The member's consents (issue 26): recorded at sign-up, read and changed by the member; a change
//! of the analytics consent is published on the `analytics` stream (before the sign-up's own
//! activity, in the same transaction), the same value again publishes nothing, and a request to
//! delete is passed on.

use std::time::Duration;

use meguri_proto::analytics::{ActivityRecorded, ConsentChanged};
use meguri_proto::identity as pb;

use crate::helpers::{sign_up_request, spawn_app};

#[tokio::test(flavor = "multi_thread")]
async fn sign_up_records_the_consents_and_publishes_the_analytics_one_before_the_sign_up() {
    let app = spawn_app().await;
    let request = pb::SignUpRequest { analytics_consent: true, ..sign_up_request("yes@example.jp", "yesname") };
    let yes = app.visitor().await.sign_up(request).await.expect("sign-up").into_inner().user_id;
    let no = app.sign_up("no@example.jp", "noname").await;

    let consent = app.user(&yes).await.get_consent(pb::GetConsentRequest {}).await.expect("consent").into_inner();
    assert!(consent.privacy_policy_accepted && consent.analytics_consent && !consent.marketing_consent);
    assert!(consent.privacy_policy_version.is_some());
    let theirs = app.user(&no).await.get_consent(pb::GetConsentRequest {}).await.expect("consent").into_inner();
    assert!(!theirs.analytics_consent);

    app.wait_event::<ActivityRecorded>("yes's sign-up", |e| e.user_id == yes && e.event_type == "sign_up").await;
    app.wait_event::<ActivityRecorded>("no's sign-up", |e| e.user_id == no && e.event_type == "sign_up").await;
    let consents = app.events::<ConsentChanged>().await;
    assert!(consents.iter().any(|c| c.user_id == yes && c.analytics));
    assert!(consents.iter().any(|c| c.user_id == no && !c.analytics));
    // On the one stream, the consent comes first.
    let order = app.analytics_order(&yes).await;
    assert_eq!(order.first().map(String::as_str), Some("analytics.consent_changed"), "{order:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_member_turns_analytics_on_and_off_and_asks_to_delete() {
    let app = spawn_app().await;
    let id = app.verified_user("hanako@example.jp", "hanako").await;
    app.wait_event::<ActivityRecorded>("verified", |e| e.user_id == id && e.event_type == "email_verified").await;
    let mut me = app.user(&id).await;
    let count = |events: &[ConsentChanged]| events.iter().filter(|c| c.user_id == id).count();
    let before = count(&app.events::<ConsentChanged>().await);

    let on = pb::UpdateConsentRequest { analytics_consent: Some(true), ..Default::default() };
    let consent = me.update_consent(on).await.expect("on").into_inner();
    assert!(consent.analytics_consent && !consent.marketing_consent);
    me.update_consent(on).await.expect("the same again");
    let marketing = pb::UpdateConsentRequest { marketing_consent: Some(true), ..Default::default() };
    let consent = me.update_consent(marketing).await.expect("marketing").into_inner();
    assert!(consent.analytics_consent && consent.marketing_consent, "an absent field stays as it is");
    let off = pb::UpdateConsentRequest { analytics_consent: Some(false), delete_collected: true, ..Default::default() };
    let consent = me.update_consent(off).await.expect("off").into_inner();
    assert!(!consent.analytics_consent && consent.marketing_consent);

    tokio::time::sleep(Duration::from_millis(300)).await;
    app.wait_event::<ConsentChanged>("off", |c| c.user_id == id && !c.analytics && c.delete_collected).await;
    let mine: Vec<ConsentChanged> =
        app.events::<ConsentChanged>().await.into_iter().filter(|c| c.user_id == id).collect();
    assert_eq!(
        mine.len() - before,
        2,
        "on once (the repeat and the marketing change publish nothing), off once: {mine:?}"
    );
    assert!(mine[before].analytics && !mine[before].delete_collected);

    // Without a member: refused.
    let refused = app.visitor().await.get_consent(pb::GetConsentRequest {}).await.expect_err("a visitor");
    assert_eq!(refused.code(), tonic::Code::Unauthenticated);
}
