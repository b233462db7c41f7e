//! What staff read and do on a member's chart: its status with tries and error, and the retry of
//! a failed build (audited in the same transaction).

use meguri_auth::{Role, Subject};
use meguri_ids::UserId;
use meguri_proto::audit::StaffActionRecorded;
use meguri_proto::fortune as pb;
use tonic::Code;

use crate::helpers::{code_of, eventually, spawn_app};

fn of(user: UserId) -> pb::ChartForStaffRequest {
    pb::ChartForStaffRequest { user_id: user.to_string() }
}

#[tokio::test(flavor = "multi_thread")]
async fn staff_see_a_failed_chart_and_retry_it_once_with_an_audit_record() {
    // Arrange: a new member whose build fails (no identity answers in these tests).
    let app = spawn_app().await;
    let member = UserId::new();
    app.publish(&meguri_proto::identity::UserSignedUp { user_id: member.to_string() }).await;
    let staff_id = UserId::new();
    let support = app.client_as(Subject::User(staff_id), Role::Support).await;
    let failed = eventually("the build fails", || {
        let mut client = support.clone();
        async move {
            let chart = client.get_chart_for_staff(of(member)).await.ok()?.into_inner();
            (chart.status == "failed").then_some(chart)
        }
    })
    .await;
    assert!(failed.attempts >= 1, "{failed:?}");
    assert!(failed.last_error.is_some() && failed.updated_at.is_some(), "{failed:?}");

    // Act: retry.
    let retried = support.clone().retry_chart(of(member)).await.expect("retried").into_inner();

    // Assert: tries start over, and the retry is on the audit stream.
    assert_eq!((retried.status.as_str(), retried.attempts, retried.last_error), ("pending", 0, None));
    let records: Vec<StaffActionRecorded> = eventually("the audit record is relayed", || async {
        let config = meguri_events::EventsConfig::new(&app.prefix);
        let records: Vec<StaffActionRecorded> =
            meguri_events::testkit::read_all(&meguri_testkit::redis_url(), &config).await.ok()?;
        (!records.is_empty()).then_some(records)
    })
    .await;
    assert_eq!(records.len(), 1);
    let record = &records[0];
    assert_eq!((record.action.as_str(), record.target_type.as_str()), ("chart.retry", "member"));
    assert_eq!((record.actor_id.clone(), record.target_id.clone()), (staff_id.to_string(), member.to_string()));
    assert_eq!((record.before.as_deref(), record.after.as_deref()), (Some("failed"), Some("pending")));
}

#[tokio::test(flavor = "multi_thread")]
async fn only_a_failed_chart_is_retried_and_only_staff_may() {
    let app = spawn_app().await;
    let ready = app.member_with_chart(7).await;
    let mut admin = app.client_as(Subject::User(UserId::new()), Role::Admin).await;
    let chart = admin.get_chart_for_staff(of(ready)).await.expect("read").into_inner();
    assert_eq!(chart.status, "ready");
    let refused = admin.retry_chart(of(ready)).await.expect_err("not failed");
    assert_eq!((refused.code(), code_of(&refused)), (Code::FailedPrecondition, "CHART_NOT_FAILED"));
    let nobody = UserId::new();
    assert_eq!(admin.get_chart_for_staff(of(nobody)).await.expect("no row").into_inner().status, "pending");
    let refused = admin.retry_chart(of(nobody)).await.expect_err("no chart");
    assert_eq!(code_of(&refused), "CHART_NOT_FAILED");
    let refused = admin.get_chart_for_staff(pb::ChartForStaffRequest { user_id: "x".into() }).await.expect_err("id");
    assert_eq!(code_of(&refused), "INVALID_USER_ID");

    let mut member = app.user(ready).await;
    let refused = member.get_chart_for_staff(of(ready)).await.expect_err("members are not staff");
    assert_eq!(refused.code(), Code::PermissionDenied);
    let refused = member.retry_chart(of(ready)).await.expect_err("members are not staff");
    assert_eq!(refused.code(), Code::PermissionDenied);
}
