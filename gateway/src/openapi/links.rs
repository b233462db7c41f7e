//! OpenAPI links: which answer supplies the id (or the content hash) another operation takes, so a
//! client generator or a fuzzer (`make fuzz`'s stateful phase) can go from a list or a creation to
//! the operations on that thing instead of guessing ids that name nothing.

use serde_json::{Map, Value, json};

/// One link: the answer `status` of `from` supplies `to`'s parameters (`{name: expression}`) and,
/// when given, fields of its body.
pub struct Link {
    pub from: &'static str,
    pub status: &'static str,
    pub name: &'static str,
    pub to: &'static str,
    pub parameters: &'static [(&'static str, &'static str)],
    pub body: &'static [(&'static str, &'static str)],
}

const fn link(
    from: &'static str,
    status: &'static str,
    name: &'static str,
    to: &'static str,
    parameters: &'static [(&'static str, &'static str)],
) -> Link {
    Link { from, status, name, to, parameters, body: &[] }
}

const fn body_link(
    from: &'static str,
    status: &'static str,
    name: &'static str,
    to: &'static str,
    body: &'static [(&'static str, &'static str)],
) -> Link {
    Link { from, status, name, to, parameters: &[], body }
}

const ENTRY_ID: &[(&str, &str)] = &[("id", "$response.body#/id")];
const FIRST_ENTRY_ID: &[(&str, &str)] = &[("id", "$response.body#/entries/0/id")];
const FIRST_FRIEND: &[(&str, &str)] = &[("userId", "$response.body#/friends/0/userId")];
const FIRST_INCOMING: &[(&str, &str)] = &[("userId", "$response.body#/incoming/0/userId")];
const FIRST_RESULT: &[(&str, &str)] = &[("userId", "$response.body#/results/0/userId")];
const CHECKOUT_PURCHASE: &[(&str, &str)] = &[("purchaseId", "$response.body#/purchaseId")];
const FIRST_PURCHASE: &[(&str, &str)] = &[("purchaseId", "$response.body#/purchases/0/id")];

/// Every link of the document.
pub const LINKS: &[Link] = &[
    // The diary: a new entry, or the first of a page, to read, edit, delete (or mark shown).
    link("create_diary_entry", "201", "GetEntry", "get_diary_entry", ENTRY_ID),
    link("create_diary_entry", "201", "UpdateEntry", "update_diary_entry", ENTRY_ID),
    link("create_diary_entry", "201", "DeleteEntry", "delete_diary_entry", ENTRY_ID),
    link("create_diary_entry", "201", "MarkLetterShown", "mark_letter_shown", ENTRY_ID),
    link("create_diary_entry", "200", "GetEntry", "get_diary_entry", ENTRY_ID),
    link("create_diary_entry", "200", "UpdateEntry", "update_diary_entry", ENTRY_ID),
    link("create_diary_entry", "200", "DeleteEntry", "delete_diary_entry", ENTRY_ID),
    link("list_diary_entries", "200", "GetEntry", "get_diary_entry", FIRST_ENTRY_ID),
    link("list_diary_entries", "200", "UpdateEntry", "update_diary_entry", FIRST_ENTRY_ID),
    link("list_diary_entries", "200", "DeleteEntry", "delete_diary_entry", FIRST_ENTRY_ID),
    link(
        "list_delivered_letters",
        "200",
        "MarkLetterShown",
        "mark_letter_shown",
        &[("id", "$response.body#/letters/0/id")],
    ),
    link(
        "list_mention_notifications",
        "200",
        "MarkMentionShown",
        "mark_mention_shown",
        &[("id", "$response.body#/0/id")],
    ),
    // Friends: the first friend, the first incoming and outgoing request, a found member, a blocked one.
    link("friends", "200", "Compatibility", "compatibility", FIRST_FRIEND),
    link("friends", "200", "RemoveFriend", "remove_friend", FIRST_FRIEND),
    link("friends", "200", "AcceptRequest", "accept_friend_request", FIRST_INCOMING),
    link("friends", "200", "DeclineRequest", "decline_friend_request", FIRST_INCOMING),
    link(
        "friends",
        "200",
        "CancelRequest",
        "cancel_friend_request",
        &[("userId", "$response.body#/outgoing/0/userId")],
    ),
    body_link("search_members", "200", "SendRequest", "send_friend_request", FIRST_RESULT),
    body_link("search_members", "200", "Block", "block", FIRST_RESULT),
    link("search_members", "200", "Invite", "invite", FIRST_RESULT),
    link("blocks", "200", "Unblock", "unblock", &[("userId", "$response.body#/blocked/0/userId")]),
    link("user", "200", "OwnInvite", "invite", &[("userId", "$response.body#/id")]),
    // Ratings: a reading's content hash to rate, and a rating to add feedback to.
    body_link(
        "daily",
        "200",
        "Rate",
        "rate",
        &[("fortuneType", "daily"), ("fortuneContentHash", "$response.body#/contentHash")],
    ),
    body_link(
        "rate",
        "200",
        "Feedback",
        "rate_feedback",
        &[("fortuneType", "$response.body#/fortuneType"), ("fortuneContentHash", "$response.body#/fortuneContentHash")],
    ),
    // The chat's history.
    link("list_chat_messages", "200", "GetMessage", "get_chat_message", &[("id", "$response.body#/messages/0/id")]),
    // The shop: a checkout's purchase, or the newest one, through the development checkout.
    link("create_checkout", "200", "GetDevCheckout", "get_dev_checkout", CHECKOUT_PURCHASE),
    link("create_checkout", "200", "CompleteDevCheckout", "complete_dev_checkout", CHECKOUT_PURCHASE),
    link("create_checkout", "200", "GetPurchase", "get_purchase", &[("id", "$response.body#/purchaseId")]),
    link("list_purchases", "200", "GetPurchase", "get_purchase", &[("id", "$response.body#/purchases/0/id")]),
    link("list_purchases", "200", "GetDevCheckout", "get_dev_checkout", FIRST_PURCHASE),
    link("list_purchases", "200", "CompleteDevCheckout", "complete_dev_checkout", FIRST_PURCHASE),
];

/// The operation with this `operationId`.
fn operation_mut<'a>(doc: &'a mut Value, id: &str) -> Option<&'a mut Map<String, Value>> {
    doc.get_mut("paths")?.as_object_mut()?.values_mut().find_map(|item| {
        item.as_object_mut()?
            .values_mut()
            .filter_map(Value::as_object_mut)
            .find(|op| op.get("operationId").and_then(Value::as_str) == Some(id))
    })
}

fn object(pairs: &[(&str, &str)]) -> Value {
    Value::Object(pairs.iter().map(|(k, v)| ((*k).to_owned(), json!(v))).collect())
}

/// Writes [`LINKS`] into `doc`'s responses. A link whose operation or answer is not in the
/// document is left out (the tests check that none is).
pub fn add(doc: &mut Value) {
    for l in LINKS {
        let mut definition = json!({"operationId": l.to});
        if !l.parameters.is_empty() {
            definition["parameters"] = object(l.parameters);
        }
        if !l.body.is_empty() {
            definition["requestBody"] = object(l.body);
        }
        let Some(response) = operation_mut(doc, l.from)
            .and_then(|op| op.get_mut("responses"))
            .and_then(|r| r.get_mut(l.status))
            .and_then(Value::as_object_mut)
        else {
            continue;
        };
        let links = response.entry("links").or_insert_with(|| json!({}));
        links[l.name] = definition;
    }
}
