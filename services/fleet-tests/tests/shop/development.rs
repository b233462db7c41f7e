//! Buying through the development checkout (billing without a Stripe key): the page, 「支払う（テスト）」
//! and 「キャンセル」, through billing's own webhook path.

use serde_json::json;

use crate::helpers::{ORIGIN, Payments, QUIET, eventually, spawn};

#[tokio::test(flavor = "multi_thread")]
async fn a_pack_bought_through_the_development_checkout_raises_the_balance_and_shows_in_history_ledger_and_mail() {
    // Arrange
    let fleet = spawn(Payments::Development).await;
    let (before, _) = fleet.ledger().await;
    let (status, shop) = fleet.get("/api/shop/items").await;
    assert_eq!((status, shop["devCheckout"].as_bool()), (200, Some(true)), "{shop}");
    let pack = shop["items"].as_array().expect("items").iter().find(|i| i["id"] == 2).expect("pack 2").clone();
    assert_eq!(
        (pack["credits"].as_i64(), pack["price"].as_i64(), pack["currency"].as_str()),
        (Some(30), Some(1200), Some("JPY"))
    );

    // Act: two of pack 2, paid on the development checkout page
    let (id, checkout_url) = fleet.checkout(2, 2).await;
    assert_eq!(checkout_url, format!("{ORIGIN}/shop/dev-checkout/{id}"));
    let page_path = format!("/api/shop/dev-checkout/{id}");
    let (status, page) = fleet.get(&page_path).await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(
        (page["status"].as_str(), page["amount"].as_i64(), page["devCheckout"].as_bool()),
        (Some("pending"), Some(2400), Some(true))
    );
    let (status, done) = fleet.post(&page_path, &json!({"outcome": "complete"})).await;

    // Assert: completed, granted once, in the history, the ledger and a receipt
    assert_eq!(status, 200, "{done}");
    assert_eq!((done["status"].as_str(), done["creditsGranted"].as_i64()), (Some("completed"), Some(60)));
    assert!(done["completedAt"].is_string(), "{done}");
    let (after, _) = fleet.ledger().await;
    assert_eq!(after, before + 60);
    let grants = fleet.entries("purchase").await;
    assert_eq!(grants.len(), 1, "{grants:?}");
    assert_eq!((grants[0]["delta"].as_i64(), grants[0]["balanceAfter"].as_i64()), (Some(60), Some(after)));
    let (status, history) = fleet.get("/api/purchases").await;
    assert_eq!(status, 200);
    let listed = history["purchases"]
        .as_array()
        .expect("purchases")
        .iter()
        .find(|p| p["id"] == id.as_str())
        .expect("listed")
        .clone();
    assert_eq!(
        (listed["status"].as_str(), listed["amount"].as_i64(), listed["quantity"].as_i64()),
        (Some("completed"), Some(2400), Some(2))
    );
    assert_eq!(listed["itemTitle"], "30クレジット");
    let receipts = eventually("the receipt mail", || async { Some(fleet.receipts()).filter(|r| !r.is_empty()) }).await;
    let raw = std::fs::read_to_string(&receipts[0]).expect("a readable message");
    assert!(raw.contains(&format!("To: {}", fleet.member.email)), "{raw}");
    assert!(raw.contains(&id), "the receipt names the purchase: {raw}");

    // …and paying again changes nothing
    let (status, again) = fleet.post(&page_path, &json!({"outcome": "complete"})).await;
    assert!(status == 200 || status == 409, "{status} {again}");
    tokio::time::sleep(QUIET).await;
    assert_eq!(fleet.ledger().await.0, after);
    assert_eq!(fleet.receipts().len(), 1, "one receipt");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_cancelled_development_checkout_grants_nothing() {
    let fleet = spawn(Payments::Development).await;
    let (before, entries_before) = fleet.ledger().await;

    let (id, _) = fleet.checkout(1, 1).await;
    let (status, canceled) = fleet.post(&format!("/api/shop/dev-checkout/{id}"), &json!({"outcome": "cancel"})).await;

    assert_eq!(status, 200, "{canceled}");
    assert_eq!((canceled["status"].as_str(), canceled["creditsGranted"].as_i64()), (Some("canceled"), Some(0)));
    assert_eq!(fleet.purchase(&id).await["status"], "canceled");
    let (after, entries_after) = fleet.ledger().await;
    assert_eq!((after, entries_after.len()), (before, entries_before.len()), "the ledger is unchanged");
    tokio::time::sleep(QUIET).await;
    assert!(fleet.receipts().is_empty(), "no receipt for a cancelled checkout");
}
