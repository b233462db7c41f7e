//! What every route of a kind answers, stated once for the whole document rather than in each
//! handler's annotation: the refusals of the request extractors and of the origin check, the form
//! of ids in paths, and the shape of the chat's event stream (one event per item, its `data` a
//! JSON document). `make fuzz` checks every answer against the document, so what is written here
//! must be what the code does.

use serde_json::{Map, Value, json};

use crate::origin::EXEMPT_PATHS;

/// The methods an operation can have in the document.
const METHODS: [&str; 5] = ["get", "post", "put", "patch", "delete"];

/// The methods the origin check applies to (`origin.rs`).
const STATE_CHANGING: [&str; 4] = ["post", "put", "patch", "delete"];

/// Path parameters that are ids: a UUID, and anything else is answered like an unknown id (404).
const ID_PARAMS: [&str; 3] = ["id", "userId", "purchaseId"];

/// The `event:` names of the chat's reply stream and the schema of each one's `data`
/// (`routes::chat::body::ChatStreamEvent`).
pub const CHAT_EVENTS: [(&str, &str); 4] =
    [("accepted", "ChatAccepted"), ("delta", "ChatDelta"), ("done", "ChatDone"), ("failed", "ChatFailed")];

/// A string without NUL: `extract.rs` refuses one anywhere in a body, `hygiene.rs` in a query.
pub const NO_NUL: &str = r"^[^\x00]*$";

/// Adds the shared answers to every operation of `doc` (an OpenAPI 3.1 document as JSON).
pub fn complete(doc: &mut Value) {
    let mut bodies = Vec::new();
    if let Some(paths) = doc.get_mut("paths").and_then(Value::as_object_mut) {
        for (path, item) in paths.iter_mut() {
            for method in METHODS {
                if let Some(operation) = item.get_mut(method).and_then(Value::as_object_mut) {
                    shared_refusals(path, method, operation);
                    uuid_path_ids(operation);
                    no_nul_in_queries(operation);
                    event_stream_items(operation);
                    bodies.extend(
                        operation
                            .get("requestBody")
                            .and_then(|b| b.pointer("/content/application~1json/schema"))
                            .and_then(component_name),
                    );
                }
            }
        }
    }
    no_nul_in_bodies(doc, bodies);
}

fn component_name(schema: &Value) -> Option<String> {
    schema.get("$ref")?.as_str()?.strip_prefix("#/components/schemas/").map(str::to_owned)
}

fn is_string(schema: &Value) -> bool {
    match schema.get("type") {
        Some(Value::String(t)) => t == "string",
        Some(Value::Array(ts)) => ts.iter().any(|t| t == "string"),
        _ => false,
    }
}

/// A string property or parameter without a pattern of its own gets [`NO_NUL`]; the patterns
/// written on fields admit no NUL either.
fn no_nul(schema: &mut Value) {
    if is_string(schema)
        && schema.get("enum").is_none()
        && let Some(object) = schema.as_object_mut()
    {
        object.entry("pattern").or_insert_with(|| json!(NO_NUL));
    }
}

fn no_nul_in_queries(operation: &mut Map<String, Value>) {
    let Some(parameters) = operation.get_mut("parameters").and_then(Value::as_array_mut) else { return };
    for parameter in parameters.iter_mut().filter(|p| p.get("in").and_then(Value::as_str) == Some("query")) {
        if let Some(schema) = parameter.get_mut("schema") {
            no_nul(schema);
        }
    }
}

/// Every schema a request body reaches (through properties, items, `oneOf`/`anyOf`/`allOf` and
/// references), its string properties without NUL.
fn no_nul_in_bodies(doc: &mut Value, roots: Vec<String>) {
    let mut seen: Vec<String> = Vec::new();
    let mut todo = roots;
    while let Some(name) = todo.pop() {
        if seen.contains(&name) {
            continue;
        }
        if let Some(schema) = doc.pointer_mut(&format!("/components/schemas/{name}")) {
            todo.extend(refs_of(schema));
            strings_of(schema);
        }
        seen.push(name);
    }
}

fn refs_of(schema: &Value) -> Vec<String> {
    let mut found = Vec::new();
    let mut stack = vec![schema];
    while let Some(at) = stack.pop() {
        match at {
            Value::Object(map) => {
                found.extend(component_name(at));
                stack.extend(map.values());
            }
            Value::Array(items) => stack.extend(items),
            _ => {}
        }
    }
    found
}

fn strings_of(schema: &mut Value) {
    no_nul(schema);
    if let Some(properties) = schema.get_mut("properties").and_then(Value::as_object_mut) {
        properties.values_mut().for_each(strings_of);
    }
    if let Some(items) = schema.get_mut("items") {
        strings_of(items);
    }
    for key in ["oneOf", "anyOf", "allOf"] {
        if let Some(parts) = schema.get_mut(key).and_then(Value::as_array_mut) {
            parts.iter_mut().for_each(strings_of);
        }
    }
}

fn error_response(description: &str) -> Value {
    json!({
        "description": description,
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorBody"}}}
    })
}

/// Adds a status the operation does not list yet (a listed one keeps its own description).
fn add_response(operation: &mut Map<String, Value>, status: &str, description: &str) {
    if let Some(responses) = operation.get_mut("responses").and_then(Value::as_object_mut) {
        responses.entry(status).or_insert_with(|| error_response(description));
    }
}

fn has_query(operation: &Map<String, Value>) -> bool {
    operation
        .get("parameters")
        .and_then(Value::as_array)
        .is_some_and(|ps| ps.iter().any(|p| p.get("in").and_then(Value::as_str) == Some("query")))
}

/// The refusals that come before any handler runs: the JSON body extractor (`extract.rs` and the
/// app's `JsonConfig`: 400 `INVALID_REQUEST` / `INVALID_CHARACTERS`, 413 `PAYLOAD_TOO_LARGE`), the
/// query extractor (400 `INVALID_REQUEST` for a value of the wrong type; 414 `URI_TOO_LONG` past
/// `hygiene::MAX_URL_BYTES`, which only a query string reaches) and the origin check
/// (403 `FORBIDDEN_ORIGIN` on a state-changing method, except the exempt paths).
fn shared_refusals(path: &str, method: &str, operation: &mut Map<String, Value>) {
    if operation.contains_key("requestBody") {
        add_response(
            operation,
            "400",
            "INVALID_REQUEST (not a JSON object of this shape), INVALID_CHARACTERS (a NUL in a string)",
        );
        add_response(operation, "413", "PAYLOAD_TOO_LARGE");
    }
    if has_query(operation) {
        add_response(operation, "400", "INVALID_REQUEST (a query parameter of the wrong type)");
        add_response(operation, "414", "URI_TOO_LONG (the path and query over 8 KiB)");
    }
    if STATE_CHANGING.contains(&method) && !EXEMPT_PATHS.contains(&path) {
        add_response(operation, "403", "FORBIDDEN_ORIGIN (an Origin outside PUBLIC_ORIGIN, or a cross-site fetch)");
    }
}

/// Ids in paths are UUIDs (`format: uuid`); the handlers answer anything else with the 404 of an
/// unknown id, before asking any service.
fn uuid_path_ids(operation: &mut Map<String, Value>) {
    let Some(parameters) = operation.get_mut("parameters").and_then(Value::as_array_mut) else { return };
    for parameter in parameters {
        let is_id = parameter.get("in").and_then(Value::as_str) == Some("path")
            && parameter.get("name").and_then(Value::as_str).is_some_and(|n| ID_PARAMS.contains(&n));
        if is_id && let Some(schema) = parameter.get_mut("schema").and_then(Value::as_object_mut) {
            schema.insert("format".into(), json!("uuid"));
        }
    }
}

/// A `text/event-stream` answer is described one event at a time (OpenAPI 3.1 reads `schema` so):
/// `{event, data}` with `data` a JSON document of the event's own schema.
fn event_stream_items(operation: &mut Map<String, Value>) {
    let Some(responses) = operation.get_mut("responses").and_then(Value::as_object_mut) else { return };
    for response in responses.values_mut() {
        if let Some(stream) = response.pointer_mut("/content/text~1event-stream").and_then(Value::as_object_mut) {
            stream.insert("schema".into(), chat_event_schema());
        }
    }
}

/// One event of the chat's reply stream.
#[must_use]
pub fn chat_event_schema() -> Value {
    let one_of: Vec<Value> = CHAT_EVENTS
        .iter()
        .map(|(event, schema)| {
            json!({
                "type": "object",
                "required": ["event", "data"],
                "properties": {
                    "event": {"type": "string", "const": event},
                    "data": {
                        "type": "string",
                        "contentMediaType": "application/json",
                        "contentSchema": {"$ref": format!("#/components/schemas/{schema}")}
                    }
                }
            })
        })
        .collect();
    json!({"description": "One event of the stream: its `event:` name and its `data:` line (JSON)", "oneOf": one_of})
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc() -> Value {
        json!({"paths": {
            "/api/things/{id}": {
                "get": {"parameters": [{"name": "id", "in": "path", "schema": {"type": "string"}}],
                        "responses": {"200": {"description": "ok"}}},
                "delete": {"parameters": [{"name": "id", "in": "path", "schema": {"type": "string"}}],
                        "responses": {"204": {"description": "gone"}}}
            },
            "/api/things": {
                "post": {"requestBody": {}, "responses": {"400": {"description": "THING_INVALID"}}},
                "get": {"parameters": [{"name": "limit", "in": "query", "schema": {"type": "integer"}}],
                        "responses": {"200": {"description": "ok"}}}
            },
            "/api/unsubscribe": {"post": {"requestBody": {}, "responses": {}}},
            "/api/stream": {"post": {"responses": {"200": {"content": {"text/event-stream": {"schema": {}}}}}}}
        }})
    }

    fn statuses(doc: &Value, pointer: &str) -> Vec<String> {
        let mut s: Vec<String> =
            doc.pointer(pointer).and_then(Value::as_object).expect("responses").keys().cloned().collect();
        s.sort();
        s
    }

    #[test]
    fn bodies_queries_and_state_changes_get_their_shared_refusals_and_listed_ones_keep_their_words() {
        let mut d = doc();
        complete(&mut d);

        assert_eq!(statuses(&d, "/paths/~1api~1things/post/responses"), ["400", "403", "413"]);
        assert_eq!(d.pointer("/paths/~1api~1things/post/responses/400/description"), Some(&json!("THING_INVALID")));
        assert_eq!(statuses(&d, "/paths/~1api~1things/get/responses"), ["200", "400", "414"]);
        assert_eq!(statuses(&d, "/paths/~1api~1things~1{id}/get/responses"), ["200"]);
        assert_eq!(statuses(&d, "/paths/~1api~1things~1{id}/delete/responses"), ["204", "403"]);
        assert_eq!(
            statuses(&d, "/paths/~1api~1unsubscribe/post/responses"),
            ["400", "413"],
            "exempt from the origin check"
        );
    }

    #[test]
    fn strings_of_bodies_and_queries_admit_no_nul_unless_a_pattern_of_their_own_says_more() {
        let mut d = json!({
            "paths": {"/api/x": {"post": {
                "parameters": [{"name": "q", "in": "query", "schema": {"type": "string"}},
                               {"name": "n", "in": "query", "schema": {"type": "integer"}}],
                "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Body"}}}},
                "responses": {}}}},
            "components": {"schemas": {
                "Body": {"properties": {
                    "a": {"type": "string"}, "b": {"type": ["string", "null"], "pattern": "^x$"},
                    "c": {"oneOf": [{"$ref": "#/components/schemas/Inner"}, {"type": "null"}]}}},
                "Inner": {"properties": {"d": {"type": "string"}, "e": {"type": "number"}}},
                "Answer": {"properties": {"f": {"type": "string"}}}
            }}
        });
        complete(&mut d);

        assert_eq!(d.pointer("/paths/~1api~1x/post/parameters/0/schema/pattern"), Some(&json!(NO_NUL)));
        assert_eq!(d.pointer("/paths/~1api~1x/post/parameters/1/schema/pattern"), None);
        assert_eq!(d.pointer("/components/schemas/Body/properties/a/pattern"), Some(&json!(NO_NUL)));
        assert_eq!(d.pointer("/components/schemas/Body/properties/b/pattern"), Some(&json!("^x$")));
        assert_eq!(d.pointer("/components/schemas/Inner/properties/d/pattern"), Some(&json!(NO_NUL)));
        assert_eq!(d.pointer("/components/schemas/Inner/properties/e/pattern"), None);
        assert_eq!(d.pointer("/components/schemas/Answer/properties/f/pattern"), None, "only what a request reaches");
    }

    #[test]
    fn ids_in_paths_are_uuids() {
        let mut d = doc();
        complete(&mut d);

        assert_eq!(d.pointer("/paths/~1api~1things~1{id}/get/parameters/0/schema/format"), Some(&json!("uuid")));
        assert_eq!(d.pointer("/paths/~1api~1things/get/parameters/0/schema/format"), None);
    }

    #[test]
    fn an_event_stream_is_described_one_event_at_a_time() {
        let mut d = doc();
        complete(&mut d);

        let schema = d.pointer("/paths/~1api~1stream/post/responses/200/content/text~1event-stream/schema");
        assert_eq!(schema, Some(&chat_event_schema()));
        assert_eq!(schema.and_then(|s| s["oneOf"].as_array()).map(Vec::len), Some(CHAT_EVENTS.len()));
    }
}
