//! Account deletion (identity.account_deleted) removes the user's messages, compatibility
//! requests and memory, and nobody else's.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::Duration;

use meguri_proto::identity::AccountDeleted;

use crate::helpers::spawn_app;

#[tokio::test(flavor = "multi_thread")]
async fn a_deleted_account_leaves_no_chat_rows() {
    // Arrange: a user with messages, a compatibility and a memory; another user with a message.
    let app = spawn_app().await;
    let (user, other) = (app.member(9), app.member(1));
    for text in ["一", "二", "三", "四", "五", "六", "七"] {
        app.say(user, text).await;
        app.chat.clock.advance(Duration::from_secs(1));
    }
    app.say(user, "1990年5月3日生まれの彼との相性は?").await;
    app.say(other, "こんにちは").await;
    app.wait_for("the memory", || async { app.rows("chat_memories", user).await == 1 }).await;
    assert_eq!(app.rows("compatibility_requests", user).await, 1);

    // Act
    app.publish(&AccountDeleted { user_id: user.to_string() }).await;

    // Assert
    app.wait_for("the rows to go", || async {
        app.rows("chat_messages", user).await == 0
            && app.rows("compatibility_requests", user).await == 0
            && app.rows("chat_memories", user).await == 0
    })
    .await;
    assert_eq!(app.rows("chat_messages", other).await, 1);
}
