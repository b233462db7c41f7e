//! `bazi batch`: one JSON object per line in, one per line out, in order. A bad line yields
//! `{"id", "error", "code"}` and the batch goes on.

use crate::chart;
use crate::input::{BirthInput, RawBirthInput};
use serde_json::{Map, Value, json};

/// Longest accepted input line, in bytes.
pub const MAX_LINE_BYTES: usize = 16 * 1024;

/// Answers one input line. Never panics, whatever the bytes.
pub fn answer_line(line: &str) -> Value {
    if line.len() > MAX_LINE_BYTES {
        return error(Value::Null, "INVALID_ARGUMENT", "1行が長すぎます（16KiB まで）");
    }
    let value: Value = match serde_json::from_str(line) {
        Ok(v) => v,
        Err(_) => return error(Value::Null, "INVALID_JSON", "JSON として読み取れません"),
    };
    let id = value.get("id").cloned().unwrap_or(Value::Null);
    if !value.is_object() {
        return error(id, "INVALID_JSON", "1行に1つの JSON オブジェクトを書いてください");
    }
    let raw: RawBirthInput = match serde_json::from_value(value) {
        Ok(r) => r,
        Err(_) => return error(id, "INVALID_ARGUMENT", "項目の型が正しくありません（文字列・数値を確認してください）"),
    };
    let chart = BirthInput::parse(&raw).and_then(|input| chart::calculate(&input));
    match chart {
        Ok(c) => {
            let mut out = Map::new();
            out.insert("id".into(), id);
            if let Ok(Value::Object(body)) = serde_json::to_value(&c) {
                out.extend(body);
            }
            Value::Object(out)
        }
        Err(e) => error(id, e.code(), &e.to_string()),
    }
}

fn error(id: Value, code: &str, message: &str) -> Value {
    json!({ "id": id, "error": message, "code": code })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_line_yields_an_error_with_its_id() {
        let v = answer_line(r#"{"id": 7, "birthDate": "1990-02-30"}"#);
        assert_eq!(v["id"], 7);
        assert_eq!(v["code"], "INVALID_DATE");
        let v = answer_line("not json");
        assert_eq!(v["code"], "INVALID_JSON");
        let v = answer_line(r#"{"id": "x", "birthDate": 19900515}"#);
        assert_eq!(v["id"], "x");
        assert_eq!(v["code"], "INVALID_ARGUMENT");
    }

    #[test]
    fn a_good_line_yields_the_chart() {
        let v = answer_line(
            r#"{"id":"c0","birthDate":"2024-04-25","birthTime":"02:45","utcOffsetMinutes":540,"longitude":134.44}"#,
        );
        assert_eq!(v["id"], "c0");
        assert_eq!(v["baziChart"]["year"]["heavenlyStem"], "甲");
        assert_eq!(v["baziChart"]["year"]["earthlyBranch"], "辰");
        assert_eq!(v["time"]["mode"], "apparent");
    }
}
