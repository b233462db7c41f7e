use std::fmt;

use super::Invalid;

/// An e-mail address, trimmed and lower-cased (addresses are compared case-insensitively; the
/// few servers with case-sensitive local parts are not worth two accounts for one person).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Email(String);

impl Email {
    /// Longest address SMTP carries (RFC 5321: 254 in a path).
    const MAX_LEN: usize = 254;

    /// # Errors
    /// [`Invalid::Email`] unless it looks like `local@domain.tld` with a dot-atom local part and a
    /// domain of letter/digit/hyphen labels.
    pub fn parse(raw: &str) -> Result<Self, Invalid> {
        let email = raw.trim().to_lowercase();
        if email.len() > Self::MAX_LEN {
            return Err(Invalid::Email);
        }
        let (local, domain) = email.split_once('@').ok_or(Invalid::Email)?;
        let local_ok = !local.is_empty()
            && local.len() <= 64
            && !local.starts_with('.')
            && !local.ends_with('.')
            && !local.contains("..")
            && local.bytes().all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+-/=?^_`{|}~.".contains(&b));
        let labels: Vec<&str> = domain.split('.').collect();
        let domain_ok = labels.len() >= 2
            && labels.iter().all(|l| {
                !l.is_empty()
                    && l.len() <= 63
                    && !l.starts_with('-')
                    && !l.ends_with('-')
                    && l.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
            })
            && labels.last().is_some_and(|tld| tld.len() >= 2 && !tld.bytes().all(|b| b.is_ascii_digit()));
        if local_ok && domain_ok { Ok(Self(email)) } else { Err(Invalid::Email) }
    }

    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Email {
    /// Only the domain: addresses are personal data and logs should not collect them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let domain = self.0.split_once('@').map_or("", |(_, d)| d);
        write!(f, "Email(…@{domain})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_trimmed_and_lower_cased() {
        assert_eq!(Email::parse("  Hanako.Y+tag@Example.JP ").map(|e| e.0), Ok("hanako.y+tag@example.jp".into()));
    }

    #[test]
    fn malformed_addresses_are_refused() {
        for raw in [
            "",
            "hanako",
            "@example.jp",
            "hanako@",
            "hanako@example",
            "ha..nako@example.jp",
            "hanako@-x.jp",
            "hanako@example.123",
            "hana ko@example.jp",
            "はなこ@example.jp",
            "a@b@example.jp",
        ] {
            assert_eq!(Email::parse(raw), Err(Invalid::Email), "{raw}");
        }
    }

    #[test]
    fn debug_hides_the_local_part() {
        let email = Email::parse("hanako@example.jp").expect("valid");
        assert_eq!(format!("{email:?}"), "Email(…@example.jp)");
    }
}
