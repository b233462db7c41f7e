//! The built-in responder's answers through the gateway, against the real bazi-engine (the chart
//! fortune-gen stored for the member) and fortune-gen's badge catalogue (issue 23 item 13): a
//! table of questions and replies — the four pillars, one pillar, a wrong premise, every almanac
//! term, a friend's compatibility — in which every reply ends each sentence with its mark and every
//! pillar is named as the engine's chart names it.

use serde_json::{Value, json};

use crate::helpers::{Fleet, Member, birth, eventually, new_id, spawn};

/// The marks that end a Japanese sentence.
const ENDS: [char; 5] = ['。', '！', '？', '!', '?'];

/// The reply text of one message (its `done` event), sent with a fresh id.
async fn ask(fleet: &Fleet, member: &Member, body: Value) -> String {
    let mut body = body;
    body["messageId"] = json!(new_id());
    body["timezoneOffset"] = json!(-540);
    let events = fleet.send(member, body).await.stream();
    let (name, done) = events.last().expect("events");
    assert_eq!(name, "done", "{events:?}");
    done["message"]["response"].as_str().expect("a response").to_owned()
}

/// Every sentence of `text` ends in its mark: the text ends in one, no sentence is empty, and no
/// element's meaning runs into the next sentence (「…磨きあげる力五行では…」, the case:
/// each meaning ends 「…の力を表します。」).
fn assert_sentences_end(question: &str, text: &str) {
    assert!(text.ends_with(ENDS), "{question}: the last sentence has no end mark: {text}");
    for sentence in text.split_inclusive(ENDS) {
        assert!(sentence.chars().count() > 1, "{question}: an empty sentence in: {text}");
    }
    for (at, _) in text.match_indices("の力") {
        assert!(text[at..].starts_with("の力を表します。"), "{question}: a meaning runs on: {text}");
    }
}

/// `baziChart.<position>` of the stored chart as one name (庚辰).
fn pillar(chart: &Value, position: &str) -> String {
    let p = &chart["baziChart"][position];
    format!("{}{}", p["heavenlyStem"].as_str().expect("a stem"), p["earthlyBranch"].as_str().expect("a branch"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_built_in_replies_answer_the_table_of_questions_in_whole_sentences_from_the_engines_chart() {
    let fleet = spawn().await;
    let member = fleet.member("table", birth()).await;
    let chart = eventually("the member's chart", || async {
        let (status, chart) = fleet.get("/api/fortune/chart", &member).await;
        (status == 200).then_some(chart)
    })
    .await;
    let (status, badges) = fleet.get("/api/fortune/badges", &member).await;
    assert_eq!(status, 200, "{badges}");
    let terms: Vec<(String, String)> = badges
        .as_array()
        .expect("badges")
        .iter()
        .filter(|b| b["isActive"] == true)
        .map(|b| (b["name"].as_str().expect("a name").to_owned(), b["description"].as_str().expect("text").to_owned()))
        .collect();
    assert!(terms.len() >= 30, "the catalogue: {terms:?}");
    fleet.grant(&member, i64::try_from(terms.len()).expect("a count") + 10).await;

    let [year, month, day, hour] = ["year", "month", "day", "hour"].map(|p| pillar(&chart, p));
    let wrong = if day == "甲子" { "乙丑" } else { "甲子" };

    // The table: question → what the reply must say.
    let mut table: Vec<(Value, Vec<String>)> = vec![
        (
            json!({"message": "私の四柱（年柱・月柱・日柱・時柱）を全部教えて"}),
            vec![format!("あなたの四柱は、年柱「{year}」、月柱「{month}」、日柱「{day}」、時柱「{hour}」です。")],
        ),
        (json!({"message": "私の日柱は？"}), vec![format!("あなたの日柱は「{day}」です。")]),
        (json!({"message": "私の年柱は？"}), vec![format!("あなたの年柱は「{year}」です。")]),
        (
            json!({"message": format!("私の日柱は{wrong}ですよね？")}),
            vec![format!("いいえ、あなたの日柱は「{wrong}」ではなく「{day}」です。")],
        ),
        (
            json!({"message": format!("私の日柱は{day}ですよね？")}),
            vec![format!("はい、そのとおりです。あなたの日柱は「{day}」です。")],
        ),
        (
            json!({
                "message": "友だちとの相性を教えて",
                "compatibility": {"birthDate": "1988-11-02", "gender": "male", "label": "友だち"},
            }),
            vec!["友だちとの相性は".to_owned(), "点です。".to_owned()],
        ),
    ];
    for (name, description) in &terms {
        let meaning = if description.ends_with(ENDS) { description.clone() } else { format!("{description}。") };
        table.push((
            json!({"message": format!("{name}ってどういう意味？")}),
            vec![format!("「{name}」についてお話ししますね。{meaning}")],
        ));
    }

    for (body, expected) in table {
        let question = body["message"].as_str().expect("a message").to_owned();
        let text = ask(&fleet, &member, body).await;
        println!("{question} → {text}");
        for part in expected {
            assert!(text.contains(&part), "{question}: no 「{part}」 in: {text}");
        }
        assert_sentences_end(&question, &text);
        // A friend's compatibility speaks in relations and elements: never the other person's pillars.
        for theirs in ["お相手の年", "お相手の月", "お相手の時", "お相手の日支"] {
            assert!(!text.contains(theirs), "{question}: 「{theirs}」 in: {text}");
        }
    }
}
