//! Account events from the `identity` stream.

use meguri_events::Event as _;
use meguri_events::contracts::{AccountDeleted, IDENTITY_STREAM, UserSignedUp};
use meguri_ids::UserId;

use crate::helpers::{Delivery, eventually, spawn_app, verification_mail};

#[tokio::test(flavor = "multi_thread")]
async fn a_new_user_gets_default_preferences_and_a_deleted_user_is_forgotten() {
    let app = spawn_app(Delivery::files()).await;
    let user = UserId::new();
    let prefs = "SELECT count(*) AS n FROM email_preferences WHERE user_id = $1";

    let signed_up = serde_json::to_value(UserSignedUp { user_id: user }).expect("payload");
    app.publish(IDENTITY_STREAM, uuid::Uuid::now_v7(), UserSignedUp::TYPE, &signed_up).await;
    eventually("default preferences", || async { (app.count(prefs, user).await == 1).then_some(()) }).await;

    let mail = app.request_mail(&verification_mail(user, "112233")).await;
    app.wait_for_status(mail, "sent").await;

    let deleted = serde_json::to_value(AccountDeleted { user_id: user }).expect("payload");
    app.publish(IDENTITY_STREAM, uuid::Uuid::now_v7(), AccountDeleted::TYPE, &deleted).await;
    eventually("preferences deleted", || async { (app.count(prefs, user).await == 0).then_some(()) }).await;
    let row = eventually("the mail scrubbed", || async {
        app.notification(mail).await.filter(|row| row.recipient == "deleted")
    })
    .await;
    assert_eq!((row.status.as_str(), row.metadata.as_str()), ("sent", "{}"));
    assert_eq!(
        app.count("SELECT count(*) AS n FROM email_notifications WHERE user_id = $1 AND recipient <> 'deleted'", user)
            .await,
        0
    );
}
