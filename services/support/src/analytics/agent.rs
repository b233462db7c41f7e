//! Browser name and version and OS from a User-Agent, with woothee (a maintained parser whose
//! dataset is compiled in: nothing to download or load at run time).

/// What a visit records of the browser; `None` fields when the parser does not know it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Browser {
    pub name: Option<String>,
    pub version: Option<String>,
    pub os: Option<String>,
}

/// Parses `user_agent` (at most 512 characters are looked at).
#[must_use]
pub fn parse(user_agent: &str) -> Browser {
    let ua: String = user_agent.chars().take(512).collect();
    let known = |s: &str| Some(s.trim().to_owned()).filter(|s| !s.is_empty() && s != "UNKNOWN");
    match woothee::parser::Parser::new().parse(&ua) {
        Some(r) => Browser {
            name: known(r.name),
            version: known(r.version),
            os: known(r.os).map(|os| match known(&r.os_version) {
                Some(v) if !os.contains(&v) => format!("{os} {v}"),
                _ => os,
            }),
        },
        None => Browser::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_browsers_are_named() {
        let chrome = parse(
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
        );
        assert_eq!(chrome.name.as_deref(), Some("Chrome"));
        assert_eq!(chrome.version.as_deref(), Some("131.0.0.0"));
        assert!(chrome.os.as_deref().is_some_and(|os| os.starts_with("Windows")), "{chrome:?}");

        let iphone = parse(
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
        );
        assert_eq!(iphone.name.as_deref(), Some("Safari"));
        assert!(iphone.os.as_deref().is_some_and(|os| os.starts_with("iPhone")), "{iphone:?}");
    }

    #[test]
    fn nonsense_is_unknown_not_an_error() {
        assert_eq!(parse(""), Browser::default());
        let odd = parse(&"x".repeat(10_000));
        assert_eq!(odd.name, None);
    }
}
