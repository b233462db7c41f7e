//! Another member's ids on every diary and mention route: 404 with nothing of the other's entry;
//! a friend an entry mentions may read that entry (and nothing else), until the mention is edited
//! away.

use serde_json::{Value, json};

use crate::helpers::{DiaryFleet, JAPAN, Member, WAIT, assert_nothing_of, morning_of, spawn};

/// A 404 with `code` that carries nothing of `owner` nor of `secret` (an entry's text).
fn refused(answer: &(u16, Value), code: &str, owner: &Member, secret: &str, context: &str) {
    let (status, body) = answer;
    assert_eq!((*status, body["code"].as_str()), (404, Some(code)), "{context}: {body}");
    assert_nothing_of(body, owner, context);
    assert!(!body.to_string().contains(secret), "{context}: the text leaked in {body}");
}

/// `who` tries every route on `owner`'s entry `id` (text `secret`) and its letter and mention ids.
async fn every_route_refused(fleet: &DiaryFleet, who: &Member, owner: &Member, id: &str, secret: &str) {
    let edit = json!({"content": "書き換えた", "date": fleet.today().to_string(), "timezoneOffset": JAPAN});
    let path = format!("/api/diary/{id}");
    refused(&fleet.get(&path, who).await, "DIARY_ENTRY_NOT_FOUND", owner, secret, "GET");
    refused(&fleet.put(&path, edit, who).await, "DIARY_ENTRY_NOT_FOUND", owner, secret, "PUT");
    refused(&fleet.delete(&path, who).await, "DIARY_ENTRY_NOT_FOUND", owner, secret, "DELETE");
    let mark = format!("/api/diary/letters/{id}/mark-shown");
    refused(&fleet.post(&mark, json!({}), who).await, "DIARY_ENTRY_NOT_FOUND", owner, secret, "mark letter shown");
}

#[tokio::test(flavor = "multi_thread")]
async fn another_members_ids_get_404_and_only_a_mentioned_friend_reads_the_entry() {
    // Arrange: a and b are friends, c knows nobody; a writes a plain entry, one mentioning b, and a
    // letter that is delivered
    let (fleet, members) = spawn(&["owner", "friend", "stranger"]).await;
    let (a, b, c) = (&members[0], &members[1], &members[2]);
    fleet.befriend(a, b).await;
    let plain = fleet.entry(a, "誰にも見せない日記").await;
    let mention_text = format!("@{} とお茶をした", b.username);
    let mentioning = fleet.entry(a, &mention_text).await;
    assert_eq!(mentioning["mentions"][0]["userId"], json!(b.id), "{mentioning}");
    let letter = fleet.letter_for_tomorrow(a, "未来の秘密").await;
    fleet.notify.clock.set(morning_of(fleet.tomorrow()));
    meguri_testkit::eventually("a's letter delivered", WAIT, || async {
        (fleet.letters(a).await.len() == 1).then_some(())
    })
    .await;
    let mention = meguri_testkit::eventually("b's mention notification", WAIT, || async {
        fleet.mention_notifications(b).await.into_iter().next()
    })
    .await;
    let mention_id = mention["id"].as_str().expect("id").to_owned();
    let [plain_id, mentioning_id, letter_id] =
        [&plain, &mentioning, &letter].map(|e| e["id"].as_str().expect("id").to_owned());

    // Act / Assert: every route with a's ids, as b and as c
    for who in [b, c] {
        every_route_refused(&fleet, who, a, &plain_id, "誰にも見せない日記").await;
        every_route_refused(&fleet, who, a, &letter_id, "未来の秘密").await;
        for (path, key) in [("/api/diary?limit=50", "entries"), ("/api/diary/letters", "letters")] {
            let (status, body) = fleet.get(path, who).await;
            assert_eq!(status, 200, "{body}");
            assert_eq!(body[key], json!([]), "{path} of {}: {body}", who.username);
        }
    }
    let mark = format!("/api/mentions/{mention_id}/mark-shown");
    for who in [a, c] {
        let answer = fleet.post(&mark, json!({}), who).await;
        refused(&answer, "MENTION_NOT_FOUND", b, &mention_text, &format!("{} marks b's mention shown", who.username));
    }
    assert!(fleet.mention_notifications(a).await.is_empty());
    assert!(fleet.mention_notifications(c).await.is_empty());
    let (status, body) = fleet.get("/api/diary/not-a-uuid", a).await;
    assert_eq!((status, body["code"].as_str()), (404, Some("DIARY_ENTRY_NOT_FOUND")), "{body}");

    // the friend reads the entry that mentions them, but may not change it; the stranger may not
    let path = format!("/api/diary/{mentioning_id}");
    let (status, body) = fleet.get(&path, b).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["content"], json!(mention_text));
    assert_eq!(body["author"]["userId"], json!(a.id));
    every_route_refused(&fleet, c, a, &mentioning_id, &mention_text).await;
    let edit = json!({"content": "b が書き換えた", "date": fleet.today().to_string()});
    refused(&fleet.put(&path, edit, b).await, "DIARY_ENTRY_NOT_FOUND", a, &mention_text, "b edits a's entry");
    refused(&fleet.delete(&path, b).await, "DIARY_ENTRY_NOT_FOUND", a, &mention_text, "b deletes a's entry");

    // nothing of a's changed: every entry still there as written, the letter still unshown, b's
    // mention still unseen
    for (id, text) in
        [(&plain_id, "誰にも見せない日記"), (&mentioning_id, mention_text.as_str()), (&letter_id, "未来の秘密")]
    {
        let (status, body) = fleet.get(&format!("/api/diary/{id}"), a).await;
        assert_eq!((status, &body["content"]), (200, &json!(text)), "{body}");
    }
    assert_eq!(fleet.letters(a).await.len(), 1);
    assert_eq!(fleet.mention_notifications(b).await.len(), 1);

    // Act: a edits the mention away
    let edit = json!({"content": "一人でお茶をした", "date": fleet.today().to_string(), "timezoneOffset": JAPAN});
    let (status, body) = fleet.put(&path, edit, a).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["mentions"], json!([]), "{body}");

    // Assert: b's access and notification are gone
    refused(&fleet.get(&path, b).await, "DIARY_ENTRY_NOT_FOUND", a, "一人でお茶をした", "b after the edit");
    assert!(fleet.mention_notifications(b).await.is_empty());
    let answer = fleet.post(&mark, json!({}), b).await;
    refused(&answer, "MENTION_NOT_FOUND", a, "一人でお茶をした", "b's mention after the edit");
}
