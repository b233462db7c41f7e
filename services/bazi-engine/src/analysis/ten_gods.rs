//! 通変星 (ten gods): how another stem relates to the day master (日主).
//!
//! The table and the rule (five-element relation and polarity) live in
//! [`meguri_ganzhi::ten_gods`], shared with fortune-gen; re-exported here.

pub use meguri_ganzhi::ten_gods::{TenGod, TenGodFamily, ten_god};
