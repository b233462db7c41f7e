//! Names and literals that end up inside SQL text. DDL (`CREATE ROLE`, `SET search_path`…) takes no
//! bind parameters, so these are the only ways text reaches such statements.

use crate::DbError;

/// Longest identifier PostgreSQL keeps without truncating it (`NAMEDATALEN - 1`).
const MAX_NAME_LEN: usize = 63;

/// Checks `name` against `^[a-z_][a-z0-9_]{0,62}$`: lowercase, so a quoted identifier means the
/// same as an unquoted one, and nothing that could end a quoted identifier.
///
/// # Errors
/// [`DbError::InvalidName`] naming `kind` (`schema`, `role`).
pub fn validate_name(kind: &'static str, name: &str) -> Result<(), DbError> {
    let mut chars = name.chars();
    let first_ok = chars.next().is_some_and(|c| c.is_ascii_lowercase() || c == '_');
    let rest_ok = chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if first_ok && rest_ok && name.len() <= MAX_NAME_LEN {
        Ok(())
    } else {
        Err(DbError::InvalidName { kind, name: name.to_owned() })
    }
}

/// `name` as a quoted identifier. Callers validate first; the doubling of `"` is a second fence.
pub(crate) fn ident(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

/// `text` as a string literal, as PostgreSQL's own `quote_literal` builds it: single quotes are
/// doubled, and if there is a backslash the literal becomes `E'…'` with backslashes doubled, so it
/// means the same whatever `standard_conforming_strings` is.
pub(crate) fn literal(text: &str) -> String {
    let quoted = text.replace('\'', "''");
    if text.contains('\\') { format!("E'{}'", quoted.replace('\\', "\\\\")) } else { format!("'{quoted}'") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_service_and_test_names() {
        for name in ["identity", "fortune", "_x", "test_0123456789abcdef0123456789abcdef", &"a".repeat(63)] {
            assert!(validate_name("schema", name).is_ok(), "{name}");
        }
    }

    #[test]
    fn refuses_anything_else() {
        for name in ["", "Identity", "1abc", "a-b", "a b", "a\"b", "a;drop", "é", &"a".repeat(64)] {
            assert!(
                matches!(validate_name("schema", name), Err(DbError::InvalidName { kind: "schema", .. })),
                "{name}"
            );
        }
    }

    #[test]
    fn literals_double_quotes_and_backslashes() {
        assert_eq!(literal("plain"), "'plain'");
        assert_eq!(literal("it's"), "'it''s'");
        assert_eq!(literal("a\\'b"), "E'a\\\\''b'");
        assert_eq!(ident("a\"b"), "\"a\"\"b\"");
    }
}
