//! Account events from the `identity` stream.

use meguri_ids::UserId;
use meguri_proto::identity::{AccountDeleted, UserSignedUp};

use crate::helpers::{Delivery, eventually, spawn_app, verification_mail};

#[tokio::test(flavor = "multi_thread")]
async fn a_new_user_gets_default_preferences_and_a_deleted_user_is_forgotten() {
    let app = spawn_app(Delivery::files()).await;
    let user = UserId::new();
    let prefs = "SELECT count(*) AS n FROM email_preferences WHERE user_id = $1";

    app.publish(uuid::Uuid::now_v7(), &UserSignedUp { user_id: user.to_string() }).await;
    eventually("default preferences", || async { (app.count(prefs, user).await == 1).then_some(()) }).await;

    let mail = app.request_mail(&verification_mail(user, "112233")).await;
    app.wait_for_status(mail, "sent").await;

    app.publish(uuid::Uuid::now_v7(), &AccountDeleted { user_id: user.to_string() }).await;
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
