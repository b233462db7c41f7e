//! Ratings: one per user, type and content; feedback afterwards.

use meguri_proto::fortune as pb;
use tonic::Code;

use crate::helpers::{code_of, spawn_app};

fn rate(hash: &str, rating: &str) -> pb::RateFortuneRequest {
    pb::RateFortuneRequest {
        fortune_type: "daily".into(),
        fortune_content_hash: hash.into(),
        rating: rating.into(),
        ..Default::default()
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_second_rating_updates_the_first_and_feedback_is_added_later() {
    let app = spawn_app().await;
    let user = app.ready_user("hanako", "1990-05-15").await;
    let hash = app.daily(user).await.content_hash;
    let mut me = app.user(user).await;

    let first = me.rate_fortune(rate(&hash, "positive")).await.expect("rated").into_inner();
    let second = me
        .rate_fortune(pb::RateFortuneRequest {
            context_json: Some(r#"{"screen":"home"}"#.into()),
            ..rate(&hash, "negative")
        })
        .await
        .expect("rated again")
        .into_inner();
    let feedback = me
        .update_rating_feedback(pb::UpdateRatingFeedbackRequest {
            fortune_content_hash: hash.clone(),
            feedback_text: "今日は当たりませんでした".into(),
            fortune_type: None,
        })
        .await
        .expect("feedback")
        .into_inner();
    // Rating the same content as another type is another rating.
    let dos = me
        .rate_fortune(pb::RateFortuneRequest { fortune_type: "dos".into(), ..rate(&hash, "positive") })
        .await
        .expect("dos rated")
        .into_inner();

    assert_eq!(first.id, second.id);
    assert_eq!(first.rating, "positive");
    assert_eq!(second.rating, "negative");
    assert_eq!(feedback.id, first.id);
    assert_eq!(feedback.feedback_text.as_deref(), Some("今日は当たりませんでした"));
    assert_eq!(feedback.fortune_type, "daily");
    assert_ne!(dos.id, first.id);
    // A rating without feedback keeps the feedback given.
    let again = me.rate_fortune(rate(&hash, "negative")).await.expect("rated").into_inner();
    assert_eq!(again.feedback_text.as_deref(), Some("今日は当たりませんでした"));
}

#[tokio::test(flavor = "multi_thread")]
async fn ratings_are_checked_and_feedback_needs_a_rating() {
    let app = spawn_app().await;
    let user = app.ready_user("taro", "1985-01-02").await;
    let mut me = app.user(user).await;

    let cases = [
        (pb::RateFortuneRequest { fortune_type: "weekly".into(), ..rate("h", "positive") }, "INVALID_FORTUNE_TYPE"),
        (rate("", "positive"), "INVALID_CONTENT_HASH"),
        (rate("h", "meh"), "INVALID_RATING"),
        (
            pb::RateFortuneRequest { feedback_text: Some("あ".repeat(1001)), ..rate("h", "negative") },
            "FEEDBACK_TOO_LONG",
        ),
        (pb::RateFortuneRequest { context_json: Some("[1, 2]".into()), ..rate("h", "negative") }, "INVALID_CONTEXT"),
    ];
    for (request, expected) in cases {
        let status = me.rate_fortune(request).await.expect_err("refused");
        assert_eq!((status.code(), code_of(&status)), (Code::InvalidArgument, expected));
    }

    let missing = me
        .update_rating_feedback(pb::UpdateRatingFeedbackRequest {
            fortune_content_hash: "never-rated".into(),
            feedback_text: "…".into(),
            fortune_type: Some("daily".into()),
        })
        .await
        .expect_err("no rating");
    assert_eq!((missing.code(), code_of(&missing)), (Code::NotFound, "RATING_NOT_FOUND"));
}
