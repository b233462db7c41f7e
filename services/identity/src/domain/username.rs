use super::Invalid;

/// A username: 3–20 characters of ASCII letters, digits and `_`, unique without regard to case.
/// Kept to ASCII so `@handle` mentions inside Japanese text have an unambiguous end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Username(String);

impl Username {
    /// # Errors
    /// [`Invalid::Username`] for another length or character.
    pub fn parse(raw: &str) -> Result<Self, Invalid> {
        let name = raw.trim();
        let ok = (3..=20).contains(&name.len()) && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
        if ok { Ok(Self(name.to_owned())) } else { Err(Invalid::Username) }
    }

    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_to_twenty_letters_digits_or_underscores() {
        assert!(Username::parse("abc").is_ok());
        assert!(Username::parse("hanako_1990").is_ok());
        assert!(Username::parse("a234567890123456789z").is_ok());
        for raw in ["ab", "a2345678901234567890z", "hana ko", "はなこ", "hana-ko", ""] {
            assert_eq!(Username::parse(raw), Err(Invalid::Username), "{raw}");
        }
    }
}
