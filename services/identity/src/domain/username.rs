//! Usernames: the rule is the shared one of `meguri-username` (also mirrored by the frontend);
//! identity adds only what a taken name means.

pub use meguri_username::{Username, UsernameError, skeleton};

/// Why a name cannot be taken, given the names of the other accounts that share its skeleton or
/// its spelling (what the store found).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clash {
    /// Another account has this very name, ignoring ASCII case and width (USERNAME_TAKEN).
    Taken,
    /// Another account has a different name that looks like it (USERNAME_LOOKALIKE).
    Lookalike,
}

/// The clash of `name` with `holders`, the names of other live accounts with the same skeleton
/// or the same name ignoring case; `None` when there are none. The same name wins over a
/// look-alike, so a person retyping an existing name in other case is told it is taken.
#[must_use]
pub fn clash(name: &Username, holders: &[String]) -> Option<Clash> {
    if holders.iter().any(|h| name.is_same_name(h)) {
        Some(Clash::Taken)
    } else if holders.is_empty() {
        None
    } else {
        Some(Clash::Lookalike)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(raw: &str) -> Username {
        Username::parse(raw).expect("a valid name")
    }

    #[test]
    fn the_same_name_in_other_case_is_taken_even_beside_a_look_alike() {
        let holders = vec!["hanakol".to_owned(), "HANAKO1".to_owned()];
        assert_eq!(clash(&name("hanako1"), &holders), Some(Clash::Taken));
    }

    #[test]
    fn another_name_with_the_skeleton_is_a_look_alike() {
        assert_eq!(clash(&name("力ナコ"), &["カナコ".to_owned()]), Some(Clash::Lookalike));
    }

    #[test]
    fn no_holder_is_no_clash() {
        assert_eq!(clash(&name("はなこ"), &[]), None);
    }
}
