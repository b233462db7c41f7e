//! The one username rule of Meguri (issue 11): identity enforces it, the frontend mirrors it in
//! `frontend/src/lib/username.ts`, and the diary's mention parser uses [`mentions`]. Both
//! implementations run every case of `vectors.json` (next to this crate's `Cargo.toml`) in their
//! tests, so they cannot drift apart: a change to the rule is a change to that file first.
//!
//! # The rule
//!
//! 1. [`normalize`]: NFKC, then surrounding whitespace trimmed. NFKC makes fullwidth ASCII plain
//!    ASCII, halfwidth katakana fullwidth, and composes the voiced sound marks.
//! 2. Every character is a [username character](is_username_char): ASCII letters, digits and `_`,
//!    hiragana, katakana, ー, the iteration marks ゝゞヽヾ々, and CJK ideographs (the unified block and
//!    extension A). No spaces of any kind, no `@` or other punctuation, no symbols or emoji, no
//!    zero-width or control characters, no other script.
//! 3. 3 to 20 characters (Unicode scalar values, not bytes), after normalization.
//! 4. Not made only of `_`.
//!
//! [`Username::parse`] checks in that order and says which rule failed ([`UsernameError`]).
//!
//! # Uniqueness and look-alikes
//!
//! A store keeps two keys unique: the name ignoring ASCII case (the same name:
//! `USERNAME_TAKEN`) and its [`skeleton`] (a look-alike: `USERNAME_LOOKALIKE`). The skeleton
//! lowercases ASCII and folds characters a reader can take for one another to one representative:
//!
//! | folded | to | why |
//! |---|---|---|
//! | `I` `i` `L` `l` `1` | `l` | one vertical stroke in most sans-serif fonts; `i` and `L` come in through case, so the key stays case-insensitive |
//! | `O` `o` `0` | `o` | one ring |
//! | `rn`, `vv` | `m`, `w` | two letters that read as one (a classic of phishing domains) |
//! | 力 口 工 二 一 八 夕 卜 匕 才 | カ ロ エ ニ ー ハ タ ト ヒ オ | kanji drawn like the katakana letter (chikara/ka, kuchi/ro, kō/e, ni, ichi and the long-vowel mark, hachi/ha, yū/ta, boku/to, hi, sai/o) |
//! | 丿 乂 亻 乚 丶 | ノ メ イ レ ヽ | kanji radicals drawn like the katakana letter or iteration mark |
//! | へ べ ぺ | ヘ ベ ペ | hiragana and katakana he are the same shape |
//!
//! Pairs that only sound alike (はなこ / ハナコ) or differ visibly (small ァ / ア, り / リ) are not
//! folded: they are different names. Other scripts need no table: the rule refuses them.
//!
//! # Mentions
//!
//! [`mentions`] finds `@name` in free text for the diary's mention parser. A mention starts at `@`
//! (or ＠) at the start of the text or after any character but an ASCII letter, digit or `_` — so
//! `hanako@example.jp` is not one, while Japanese, which puts no space before a mention
//! (`今日は@はなこと`), is. The run after the mark is every following username character as
//! written (fullwidth and halfwidth forms included). A kana name has no natural end inside
//! Japanese text (`@はなこさんと`), so each mention offers the run's prefixes that are valid
//! usernames, longest first, at least 3 characters: the resolver looks them up in that order and
//! takes the first that names an account, which is the longest existing name.

mod mention;
mod name;
mod skeleton;

pub use mention::{Mention, mentions};
pub use name::{MAX_CHARS, MIN_CHARS, Username, UsernameError, is_username_char, normalize};
pub use skeleton::{CONFUSABLE_CHARS, CONFUSABLE_SEQUENCES, skeleton};
