use std::collections::BTreeSet;

use gateway::routes;

use crate::helpers::{json, spawn_app};

#[tokio::test]
async fn the_openapi_document_lists_exactly_the_routes_served() {
    let app = spawn_app().await;

    let (status, document) = json(app.get("/api/openapi.json").await).await;

    assert_eq!(status, 200);
    let paths = document["paths"].as_object().expect("paths");
    // The document and the route table agree exactly: every route served is documented, and nothing else is.
    let documented: BTreeSet<(String, String)> = paths
        .iter()
        .flat_map(|(path, item)| {
            item.as_object().expect("path item").keys().map(|method| (path.clone(), method.clone()))
        })
        .collect();
    let served: BTreeSet<(String, String)> = routes::API_ROUTES
        .iter()
        .map(|(path, method)| (format!("/api{path}"), (*method).to_owned()))
        .chain(routes::OPERATION_ROUTES.iter().map(|(path, method)| ((*path).to_owned(), (*method).to_owned())))
        .collect();
    assert_eq!(served.len(), routes::API_ROUTES.len() + routes::OPERATION_ROUTES.len(), "a route is registered twice");
    let undocumented: Vec<_> = served.difference(&documented).collect();
    let not_served: Vec<_> = documented.difference(&served).collect();
    assert!(undocumented.is_empty(), "served but missing from the OpenAPI document: {undocumented:?}");
    assert!(not_served.is_empty(), "in the OpenAPI document but not served: {not_served:?}");
    // Every operation has its own operationId, as OpenAPI requires and the frontend's type generator checks.
    let mut ids = BTreeSet::new();
    for (path, item) in paths {
        for (method, operation) in item.as_object().expect("path item") {
            let id = operation["operationId"].as_str().unwrap_or_else(|| panic!("{method} {path}: no operationId"));
            assert!(ids.insert(id), "{method} {path}: operationId {id} is used twice");
        }
    }
    // Query parameters are declared as such, under the names clients send.
    for (path, name) in [
        ("/api/fortune/daily", "timezoneOffset"),
        ("/api/day-info", "timezoneOffset"),
        ("/api/fortune/yearly", "timezoneOffset"),
        ("/api/places/search", "query"),
        ("/api/almanac", "from"),
        ("/api/friend-updates", "timezoneOffset"),
        ("/api/friends/search", "q"),
        ("/api/friends/search", "limit"),
        ("/api/diary", "cursor"),
        ("/api/diary", "limit"),
        ("/api/diary/lucky-day", "from"),
        ("/api/diary/lucky-day", "timezoneOffset"),
        ("/api/purchases", "limit"),
        ("/api/credits/ledger", "limit"),
        ("/api/credits/ledger", "before"),
    ] {
        let params = paths[path]["get"]["parameters"].as_array().unwrap_or_else(|| panic!("{path}: no parameters"));
        let param = params.iter().find(|p| p["name"] == name).unwrap_or_else(|| panic!("{path}: no {name}"));
        assert_eq!(param["in"], "query", "{path} {name}");
    }
    // No route declares a path parameter its path has no placeholder for.
    for (path, item) in paths {
        for (method, operation) in item.as_object().expect("path item") {
            for param in operation["parameters"].as_array().into_iter().flatten() {
                if param["in"] == "path" {
                    let name = param["name"].as_str().expect("name");
                    assert!(path.contains(&format!("{{{name}}}")), "{method} {path}: path parameter {name}");
                }
            }
        }
    }
    let schemas = document["components"]["schemas"].as_object().expect("schemas");
    assert!(schemas.contains_key("CalculateBaziRequest"));
    assert!(schemas.contains_key("ErrorBody"));
    // The friends routes' shapes are named, so the frontend's generated types can name them.
    for name in [
        "Member",
        "Friend",
        "FriendRequest",
        "FriendsBody",
        "FriendshipState",
        "StateAnswer",
        "SearchResults",
        "SearchResult",
        "Compatibility",
        "CompatibilityFactor",
        "CompatibilityStatus",
        "BlocksBody",
        "InviteBody",
        "InviteState",
        "UserIdBody",
        "FriendUpdatesBody",
        "FriendUpdateBody",
        "FriendBody",
        "DiaryEntry",
        "DiaryPage",
        "CreateDiaryEntryBody",
        "UpdateDiaryEntryBody",
        "LuckyDay",
        "LuckyDayReason",
        "DeliveredLetters",
        "MentionNotification",
        "Mentioner",
        "MentionedEntry",
        "UnsubscribeBody",
        "UnsubscribeAnswer",
        "PreferenceName",
        "ShopItems",
        "ShopItem",
        "CheckoutBody",
        "CheckoutAnswer",
        "Purchase",
        "PurchaseStatus",
        "PurchaseList",
        "DevCheckout",
        "DevCheckoutBody",
        "DevOutcome",
        "CreditLedger",
        "LedgerEntry",
        "WebhookReceived",
        "ChatStatus",
        "ChatMessage",
        "ChatMessagesPage",
        "ChatResponsePart",
        "ChatTextPart",
        "ChatCompatibilityPart",
        "ChatCompatibilityTarget",
        "SendChatMessageBody",
        "ChatCompatibilityInput",
        "ChatStreamEvent",
        "ChatAccepted",
        "ChatDelta",
        "ChatDone",
        "ChatFailed",
    ] {
        assert!(schemas.contains_key(name), "no schema {name}");
    }
    // Every {userId} route declares its path parameter.
    for (path, method) in [
        ("/api/friends/requests/{userId}/accept", "post"),
        ("/api/friends/{userId}/compatibility", "get"),
        ("/api/invites/{userId}", "get"),
    ] {
        let params = paths[path][method]["parameters"].as_array().unwrap_or_else(|| panic!("{path}: no parameters"));
        assert!(params.iter().any(|p| p["name"] == "userId" && p["in"] == "path"), "{method} {path}");
    }
    // Every {id} route of the diary and mentions declares its path parameter.
    for (path, method) in [
        ("/api/diary/{id}", "get"),
        ("/api/diary/{id}", "put"),
        ("/api/diary/{id}", "delete"),
        ("/api/diary/letters/{id}/mark-shown", "post"),
        ("/api/mentions/{id}/mark-shown", "post"),
        ("/api/purchases/{id}", "get"),
    ] {
        let params = paths[path][method]["parameters"].as_array().unwrap_or_else(|| panic!("{path}: no parameters"));
        assert!(params.iter().any(|p| p["name"] == "id" && p["in"] == "path"), "{method} {path}");
    }
    // The development checkout's routes name their purchase.
    for method in ["get", "post"] {
        let params = paths["/api/shop/dev-checkout/{purchaseId}"][method]["parameters"].as_array().expect("parameters");
        assert!(params.iter().any(|p| p["name"] == "purchaseId" && p["in"] == "path"), "{method}");
    }
    // The unsubscribe route takes its token from the query too, and the mentions are a plain array.
    let unsubscribe = paths["/api/unsubscribe"]["post"]["parameters"].as_array().expect("parameters");
    assert!(unsubscribe.iter().any(|p| p["name"] == "token" && p["in"] == "query"));
    let mentions =
        &paths["/api/mentions/notifications"]["get"]["responses"]["200"]["content"]["application/json"]["schema"];
    assert_eq!(mentions["type"], "array", "{mentions}");
    assert!(paths["/api/diary"]["post"]["responses"]["201"].is_object());
    assert!(paths["/api/diary/{id}"]["delete"]["responses"]["204"].is_object());
    // A chat send answers an event stream, described one event at a time: its name, and its data a
    // JSON document of one of the named shapes above.
    let stream = &paths["/api/chat/messages"]["post"]["responses"]["200"]["content"]["text/event-stream"]["schema"];
    let streamed: BTreeSet<&str> = stream["oneOf"]
        .as_array()
        .expect("oneOf")
        .iter()
        .filter(|e| e["properties"]["data"]["contentMediaType"] == "application/json")
        .filter_map(|e| e["properties"]["data"]["contentSchema"]["$ref"].as_str())
        .collect();
    let events: BTreeSet<&str> = schemas["ChatStreamEvent"]["oneOf"]
        .as_array()
        .expect("oneOf")
        .iter()
        .filter_map(|e| e["$ref"].as_str())
        .collect();
    for name in ["ChatAccepted", "ChatDelta", "ChatDone", "ChatFailed"] {
        assert!(events.contains(format!("#/components/schemas/{name}").as_str()), "{name} in {events:?}");
    }
    assert_eq!(streamed, events, "{stream}");
    let history = paths["/api/chat/messages"]["get"]["parameters"].as_array().expect("parameters");
    for name in ["limit", "before"] {
        assert!(history.iter().any(|p| p["name"] == name && p["in"] == "query"), "{name}");
    }
    let message = paths["/api/chat/messages/{id}"]["get"]["parameters"].as_array().expect("parameters");
    assert!(message.iter().any(|p| p["name"] == "id" && p["in"] == "path"));
}
