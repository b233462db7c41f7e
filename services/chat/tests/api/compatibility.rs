//! Compatibility in chat: from the request's target or found in the text, stored with its result
//! (`is_completed`), answered with a `compatibility` part and an explanation.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use meguri_proto::meguri::chat::v1 as pb;

use crate::helpers::{spawn_app, text_request};

fn card(message: &pb::ChatMessage) -> Option<pb::CompatibilityResult> {
    message.response_messages.iter().find_map(|p| match &p.part {
        Some(pb::response_part::Part::Compatibility(c)) => Some(c.clone()),
        _ => None,
    })
}

#[tokio::test(flavor = "multi_thread")]
async fn a_structured_target_is_computed_stored_and_explained() {
    let app = spawn_app().await;
    let user = app.member(3);
    let request = pb::SendMessageRequest {
        compatibility: Some(pb::CompatibilityTarget {
            birth_date: "1990-05-03".into(),
            birth_time: Some("07:30".into()),
            birth_location: Some("大阪".into()),
            gender: pb::Gender::Male as i32,
            label: Some("彼".into()),
        }),
        ..text_request(uuid::Uuid::now_v7(), "相性を占って")
    };

    let sent = app.send(user, request).await.unwrap();

    let message = sent.message();
    let card = card(&message).expect("a compatibility part");
    assert_eq!((card.score, card.summary.as_str()), (72, "おだやかで安定した相性です"));
    assert_eq!(card.factors.iter().map(|f| f.score).collect::<Vec<_>>(), [88, 42]);
    let target = card.target.clone().unwrap();
    assert_eq!(
        (target.birth_date.as_str(), target.label.as_deref(), target.gender),
        ("1990-05-03", Some("彼"), pb::Gender::Male as i32)
    );
    assert!(message.response.starts_with("彼との相性は72点です。"), "{}", message.response);
    assert!(matches!(message.response_messages.last().unwrap().part, Some(pb::response_part::Part::Text(_))));
    assert!(uuid::Uuid::parse_str(&card.request_id).is_ok());
    assert_eq!(app.completed_compatibilities(user).await, 1);
    assert_eq!(app.billing.moves(user).len(), 1);
    let asked = app.engine.calls_to("Compatibility").pop().expect("the engine was asked");
    assert_eq!(asked.birth.unwrap().birth_date, "1992-03-04", "the user's birth goes to the engine");
    assert_eq!(asked.partner.unwrap().birth_date, "1990-05-03");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_birth_date_and_a_gender_in_the_text_are_a_compatibility_question() {
    let app = spawn_app().await;
    let user = app.member(3);

    let sent = app.say(user, "平成2年5月3日生まれの彼女との相性は?").await;

    let card = card(&sent.message()).expect("a compatibility part");
    let target = card.target.unwrap();
    assert_eq!((target.birth_date.as_str(), target.gender), ("1990-05-03", pb::Gender::Female as i32));
    assert!(sent.message().response.starts_with("彼女との相性は72点です。"));
    assert_eq!(app.completed_compatibilities(user).await, 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_birth_date_without_a_gender_gets_a_question_back() {
    let app = spawn_app().await;
    let user = app.member(3);

    let sent = app.say(user, "1990/5/3生まれの人との相性を見て").await;

    let message = sent.message();
    assert!(card(&message).is_none());
    assert!(message.response.contains("性別も教えてください"), "{}", message.response);
    assert_eq!(app.engine.count("Compatibility"), 0);
    assert_eq!(app.rows("compatibility_requests", user).await, 0);
}

#[tokio::test(flavor = "multi_thread")]
async fn without_a_birth_date_of_their_own_the_user_is_asked_to_register_it() {
    let app = spawn_app().await;
    let user = app.member(3);
    app.identity.births.lock().unwrap().insert(user, None);

    let sent = app.say(user, "1990年5月3日生まれの彼との相性は?").await;

    let message = sent.message();
    assert!(card(&message).is_none());
    assert!(message.response.contains("プロフィールに生年月日を登録"), "{}", message.response);
    assert_eq!(app.rows("compatibility_requests", user).await, 0);
}
