//! Usernames: kana and kanji, normalized, unique ignoring case, and no look-alikes (the rule of
//! meguri-username, its vectors tested there).

use diesel::{ExpressionMethods as _, QueryDsl as _};
use diesel_async::{RunQueryDsl as _, SimpleAsyncConnection as _};
use identity::db::schema::users;
use identity::testkit::admin_url;
use meguri_db::TestDb;
use meguri_ids::UserId;
use meguri_proto::identity as pb;

use crate::helpers::{code_of, sign_up_request, spawn_app, spawn_app_on};

async fn username_of(app: &crate::helpers::TestApp, id: &str) -> Option<String> {
    app.user(id).await.get_user(pb::GetUserRequest {}).await.expect("get").into_inner().user.expect("user").username
}

#[tokio::test(flavor = "multi_thread")]
async fn a_kana_username_signs_up_and_is_stored_normalized() {
    let app = spawn_app().await;
    let hanako = app.sign_up("hanako@example.jp", "はなこ").await;
    let taro = app.sign_up("taro@example.jp", "ﾀﾛｳ").await;

    assert_eq!(username_of(&app, &hanako).await.as_deref(), Some("はなこ"));
    // Halfwidth katakana is stored as what NFKC makes of it.
    assert_eq!(username_of(&app, &taro).await.as_deref(), Some("タロウ"));
}

#[tokio::test(flavor = "multi_thread")]
async fn the_same_name_in_other_case_or_width_is_taken_and_a_look_alike_is_refused() {
    let app = spawn_app().await;
    app.sign_up("kanako@example.jp", "カナコ").await;
    app.sign_up("hanako@example.jp", "hanako1").await;
    let mut client = app.visitor().await;

    for (name, code) in [
        ("力ナコ", "USERNAME_LOOKALIKE"), // kanji chikara for katakana ka
        ("ｶﾅｺ", "USERNAME_TAKEN"),        // the same name in halfwidth
        ("hanakol", "USERNAME_LOOKALIKE"),
        ("HANAKOI", "USERNAME_LOOKALIKE"),
        ("ＨＡＮＡＫＯ1", "USERNAME_TAKEN"),
    ] {
        let refused = client.sign_up(sign_up_request("other@example.jp", name)).await.expect_err(name);
        assert_eq!(refused.code(), tonic::Code::AlreadyExists, "{name}");
        assert_eq!(code_of(&refused), code, "{name}");
    }
    // None of them left an account behind.
    client.sign_up(sign_up_request("other@example.jp", "かなこ")).await.expect("a different name is free");
}

#[tokio::test(flavor = "multi_thread")]
async fn names_the_rule_refuses_give_invalid_username() {
    let app = spawn_app().await;
    let mut client = app.visitor().await;
    for name in ["hana ko", "hana@ko", "___", "hanak\u{043e}", "はな", "はなこ🌸", "hana\u{200B}ko"] {
        let refused = client.sign_up(sign_up_request("hanako@example.jp", name)).await.expect_err(name);
        assert_eq!(refused.code(), tonic::Code::InvalidArgument, "{name:?}");
        assert_eq!(code_of(&refused), "INVALID_USERNAME", "{name:?}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_first_name_too_long_is_an_invalid_name_not_an_invalid_username() {
    let app = spawn_app().await;
    let request =
        pb::SignUpRequest { first_name: Some("花".repeat(51)), ..sign_up_request("a@example.jp", "はなこ") };
    let refused = app.visitor().await.sign_up(request).await.expect_err("too long");
    assert_eq!(code_of(&refused), "INVALID_NAME");
}

#[tokio::test(flavor = "multi_thread")]
async fn concurrent_sign_ups_of_look_alike_names_let_exactly_one_in_per_skeleton() {
    let app = spawn_app().await;
    const LATIN: [&str; 6] = ["hanako1", "hanakol", "hanakoi", "hanak01", "hanak0l", "hanak0i"];
    const KANA: [&str; 4] = ["ロロナ", "口ロナ", "ロ口ナ", "口口ナ"];
    let mut tasks = tokio::task::JoinSet::new();
    for (i, name) in LATIN.into_iter().chain(KANA).enumerate() {
        let mut client = app.visitor().await;
        let request = sign_up_request(&format!("user{i}@example.jp"), name);
        tasks.spawn(async move { (name, client.sign_up(request).await) });
    }
    let mut won = Vec::new();
    while let Some(joined) = tasks.join_next().await {
        let (name, outcome) = joined.expect("the task ran");
        match outcome {
            Ok(_) => won.push(name),
            Err(status) => {
                assert_eq!(status.code(), tonic::Code::AlreadyExists, "{name}: {status:?}");
                assert_eq!(code_of(&status), "USERNAME_LOOKALIKE", "{name}");
            }
        }
    }
    assert_eq!(won.iter().filter(|n| LATIN.contains(n)).count(), 1, "{won:?}");
    assert_eq!(won.iter().filter(|n| KANA.contains(n)).count(), 1, "{won:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_unique_index_refuses_a_look_alike_that_got_past_the_check() {
    // What a sign-up racing another sees: the check found nothing, the insert meets the index.
    let app = spawn_app().await;
    let mut conn = app.service.db.pool.get().await.expect("a connection");
    let now = chrono::Utc::now();
    let new = |id, email, username| identity::db::users::NewUser {
        id,
        email,
        password_hash: "!test",
        username,
        username_key: "カナコ",
        first_name: None,
        last_name: None,
        gender: None,
        birth: None,
        inviter_id: None,
        now,
    };
    identity::db::users::insert(&mut conn, &new(UserId::new(), "a@example.jp", "カナコ")).await.expect("first");
    let second = identity::db::users::insert(&mut conn, &new(UserId::new(), "b@example.jp", "力ナコ"))
        .await
        .expect_err("the index refuses");
    let status = tonic::Status::from(identity::error::Error::from(second));
    assert_eq!(meguri_status::code_of(&status), Some("USERNAME_LOOKALIKE"));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_username_change_keeps_its_own_name_in_other_case_and_refuses_a_look_alike() {
    let app = spawn_app().await;
    let id = app.verified_user("hanako@example.jp", "hanako").await;
    app.sign_up("kanako@example.jp", "カナコ").await;
    let mut me = app.user(&id).await;

    let recased = me.update_username(pb::UpdateUsernameRequest { username: "Hanako".into() }).await.expect("own name");
    assert_eq!(recased.into_inner().user.expect("user").username.as_deref(), Some("Hanako"));
    let lookalike =
        me.update_username(pb::UpdateUsernameRequest { username: "力ナコ".into() }).await.expect_err("look-alike");
    assert_eq!(code_of(&lookalike), "USERNAME_LOOKALIKE");
    let taken = me.update_username(pb::UpdateUsernameRequest { username: "ｶﾅｺ".into() }).await.expect_err("taken");
    assert_eq!(code_of(&taken), "USERNAME_TAKEN");
    let invalid =
        me.update_username(pb::UpdateUsernameRequest { username: "はな こ".into() }).await.expect_err("invalid");
    assert_eq!(code_of(&invalid), "INVALID_USERNAME");
    me.update_username(pb::UpdateUsernameRequest { username: "かなこ".into() }).await.expect("free");
    assert_eq!(username_of(&app, &id).await.as_deref(), Some("かなこ"));
    // The old name is free again, look-alikes included.
    app.sign_up("other@example.jp", "HANAK0").await;
}

#[tokio::test(flavor = "multi_thread")]
async fn start_up_keys_existing_names_oldest_first_and_keeps_a_younger_look_alike_without_a_key() {
    // Rows as the ASCII-only identity stored them: `hana1` and `hanal` were both allowed.
    let db = TestDb::create(&admin_url(), identity::startup::MIGRATIONS).await.expect("a test schema");
    let (older, younger, taro, underscores) = (UserId::new(), UserId::new(), UserId::new(), UserId::new());
    let mut conn = db.pool.get().await.expect("a connection");
    conn.batch_execute(&format!(
        "INSERT INTO users (id, email, password_hash, username, created_at) VALUES \
         ('{older}', 'older@example.jp', '!x', 'hana1', '2025-01-01'), \
         ('{younger}', 'younger@example.jp', '!x', 'hanal', '2025-02-01'), \
         ('{taro}', 'taro@example.jp', '!x', 'Taro', '2025-03-01'), \
         ('{underscores}', 'under@example.jp', '!x', '___', '2025-04-01'), \
         ('{}', 'deleted@example.jp', '!x', NULL, '2025-05-01')",
        UserId::new()
    ))
    .await
    .expect("legacy rows");
    drop(conn);

    let app = spawn_app_on(db).await;
    let mut conn = app.service.db.pool.get().await.expect("a connection");
    let mut keys: Vec<(String, Option<String>)> = users::table
        .filter(users::username.is_not_null())
        .select((users::email, users::username_key))
        .load(&mut conn)
        .await
        .expect("keys");
    keys.sort();
    assert_eq!(
        keys,
        vec![
            ("older@example.jp".to_owned(), Some("hanal".to_owned())),
            ("taro@example.jp".to_owned(), Some("taro".to_owned())),
            ("under@example.jp".to_owned(), Some("___".to_owned())),
            ("younger@example.jp".to_owned(), None),
        ]
    );

    // Both old names stay taken, and look-alikes of both stay out.
    let mut client = app.visitor().await;
    for (name, code) in [
        ("HANA1", "USERNAME_TAKEN"),
        ("HANAL", "USERNAME_TAKEN"),
        ("hanaI", "USERNAME_LOOKALIKE"),
        ("tar0", "USERNAME_LOOKALIKE"),
    ] {
        let refused = client.sign_up(sign_up_request("new@example.jp", name)).await.expect_err(name);
        assert_eq!(code_of(&refused), code, "{name}");
    }
    // The younger account gets a key with its next name.
    app.user(&younger.to_string())
        .await
        .update_username(pb::UpdateUsernameRequest { username: "はなる".into() })
        .await
        .expect("renamed");
    let key: Option<String> = users::table
        .filter(users::id.eq(younger.as_uuid()))
        .select(users::username_key)
        .first(&mut conn)
        .await
        .expect("key");
    assert_eq!(key.as_deref(), Some("はなる"));
}
